import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { createRequire } from 'node:module';
import { listen, type TestServer } from './http-server';

export { loopbackCertificate } from './certificate';

/**
 * A stand-in push service (RFC 8030) and the device behind it: the test's own P-256 key pair and
 * auth secret (what a browser makes when it subscribes), a local HTTP endpoint that records every
 * push it is sent and answers with the status the test chooses, and the device's decryption of
 * each body (aes128gcm, RFC 8291) with `http_ece`, the library web-push itself encrypts with.
 */

// http_ece ships no types: only the one function used here.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (
    body: Buffer,
    params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ) => Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushDevice {
  /** What the browser's PushSubscription would hand the server. */
  subscription: { endpoint: string; p256dh: string; auth: string };
  decrypt: (body: Buffer) => unknown;
}

export interface PushService extends TestServer {
  received: ReceivedPush[];
  /** The status (and headers, e.g. a redirect's Location) the next pushes are answered with (201 unless set). */
  answer: (status: number, headers?: Record<string, string>) => void;
  device: (name: string) => PushDevice;
  /** Holds every answer until the returned function is called (pushes are still recorded as they arrive). */
  holdAnswers: () => () => void;
}

async function listenTls(tls: { key: string; cert: string }, handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(tls, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The stand-in on plain HTTP, or over https with `tls` (see loopbackCertificate). Its devices'
 * endpoints name `host` (a push service's real host name, which the app under test connects to
 * the stand-in through OUTBOUND_RESOLVE) or else 127.0.0.1.
 */
export async function pushService(tls?: { key: string; cert: string }, host = '127.0.0.1'): Promise<PushService> {
  const received: ReceivedPush[] = [];
  let status = 201;
  let answerHeaders: Record<string, string> = {};
  let held: (() => void)[] | null = null;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const [code, headers] = [status, answerHeaders];
      const answer = () => void (res.destroyed || res.writeHead(code, headers).end());
      if (held) held.push(answer);
      else answer();
    });
  };
  const server: TestServer = tls ? await listenTls(tls, handler) : await listen(handler);
  return {
    ...server,
    received,
    holdAnswers: () => {
      const waiting: (() => void)[] = [];
      held = waiting;
      return () => {
        held = null;
        for (const answer of waiting.splice(0)) answer();
      };
    },
    answer: (next, headers = {}) => {
      status = next;
      answerHeaders = headers;
    },
    device(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        subscription: {
          endpoint: `${server.url.replace('127.0.0.1', host)}/push/${name}`,
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth,
        },
        decrypt: (body) =>
          JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
      };
    },
  };
}

/**
 * Checks a push's VAPID Authorization header (`vapid t=<JWT>, k=<public key>`): the JWT is signed
 * (ES256) by the key it names, for the endpoint's origin. Returns the key and the JWT's claims.
 */
export function verifyVapid(header: string | string[] | undefined): { publicKey: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(header));
  if (!match) throw new Error(`Not a VAPID header: ${String(header)}`);
  const [, jwt, publicKey] = match as unknown as [string, string, string];
  const [head, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('The VAPID signature does not verify');
  return { publicKey, claims: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown> };
}

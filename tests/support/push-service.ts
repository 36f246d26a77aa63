import { spawnSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listen, type TestServer } from './http-server';

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
  /** The status the next pushes are answered with (201 unless set). */
  answer: (status: number) => void;
  device: (name: string) => PushDevice;
}

/**
 * A self-signed certificate for 127.0.0.1, for a stand-in the app must reach over https (the app
 * only stores https endpoints, as every real push service has): give the app's process
 * NODE_EXTRA_CA_CERTS=certPath.
 */
export function loopbackCertificate(): { key: string; cert: string; certPath: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'push-tls-'));
  const [keyPath, certPath] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-keyout', keyPath, '-out', certPath, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
  ]);
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr.toString()}`);
  return {
    key: readFileSync(keyPath, 'utf8'),
    cert: readFileSync(certPath, 'utf8'),
    certPath,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
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

/** The stand-in on plain HTTP, or over https with `tls` (see loopbackCertificate). */
export async function pushService(tls?: { key: string; cert: string }): Promise<PushService> {
  const received: ReceivedPush[] = [];
  let status = 201;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  };
  const server: TestServer = tls ? await listenTls(tls, handler) : await listen(handler);
  return {
    ...server,
    received,
    answer: (next) => (status = next),
    device(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        subscription: { endpoint: `${server.url}/push/${name}`, p256dh: ecdh.getPublicKey().toString('base64url'), auth },
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

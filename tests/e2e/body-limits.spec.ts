import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { expect, test } from '@playwright/test';
import { checkoutEvent, signature, WEBHOOK_SECRET } from '../support/stripe';
import { apiSignIn, OWNER_PASSWORD } from './admin-support';
import { pngImage } from './admin-ui';
import { startServer, type RunningServer } from './server';

/**
 * Every request body is bounded before anything reads it (server/body-limits.ts): the server as
 * `npm start` runs it answers an oversized body with a 413 at once, whether the body declares its
 * length or streams in chunks, and normal requests still go through. The attacker sends from a
 * second local address, as a visitor elsewhere would.
 */

const ATTACKER = '127.0.0.2';
/** What the review sent: 64 MB. The attacker below never sends more than a few MB of it. */
const DECLARED = 64 * 1024 * 1024;
/** Over every anonymous limit; the attacker stops as soon as an answer arrives, and never ends the body. */
const STREAMED = 8 * 1024 * 1024;
/** "At once": an answer that waits for the body never comes, since the attacker never finishes it. */
const ANSWER_WITHIN_MS = 10_000;

const ENDPOINTS = [
  { path: '/api/application-drafts', type: 'application/x-www-form-urlencoded' },
  { path: '/api/auth/login', type: 'application/x-www-form-urlencoded' },
  { path: '/api/auth/second-factor', type: 'application/x-www-form-urlencoded' },
  { path: '/api/auth/passkey/verify', type: 'application/json' },
  { path: '/api/stripe/webhook', type: 'application/json' },
];

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Posts from ATTACKER: declares `declared` bytes (or streams in chunks when it is null) and keeps
 * sending until the server answers, up to `upTo` bytes, never ending the body. Resolves with the
 * answer, or rejects when none came within ANSWER_WITHIN_MS.
 */
function attack(server: RunningServer, path: string, options: { declared: number | null; upTo: number; type: string }) {
  const { hostname, port } = new URL(server.url);
  return new Promise<Answer>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const headers: Record<string, string | number> = { 'Content-Type': options.type, Origin: server.url };
    if (options.declared !== null) headers['Content-Length'] = options.declared;
    const req = httpRequest({ host: hostname, port, path, method: 'POST', localAddress: ATTACKER, headers });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`${path}: no answer within ${ANSWER_WITHIN_MS} ms after ${sent} bytes (the server is still reading)`));
    }, ANSWER_WITHIN_MS);
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    // Once the server has answered it may close the connection under the rest of the body.
    req.on('error', (error) => {
      if (!answered) {
        clearTimeout(timer);
        reject(error);
      }
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (!answered && sent < options.upTo) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    req.flushHeaders();
    pump();
  });
}

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ env: { STRIPE_SECRET_KEY: 'sk_test_limits', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
});
test.afterAll(async () => {
  await server?.stop();
});

test('anonymous endpoints answer an oversized declared body with 413 before reading it', async () => {
  for (const { path, type } of ENDPOINTS) {
    // Only the first chunk ever leaves: an answer that waited for 64 MB would never come.
    const answer = await attack(server, path, { declared: DECLARED, upTo: 64 * 1024, type });
    expect(answer.status, path).toBe(413);
    expect(answer.body, path).toMatch(/too large/i);
  }
});

test('anonymous endpoints stop reading a chunked body once it is over their limit, with a 413', async () => {
  for (const { path, type } of ENDPOINTS) {
    const answer = await attack(server, path, { declared: null, upTo: STREAMED, type });
    expect(answer.status, path).toBe(413);
    expect(answer.body, path).toMatch(/too large/i);
  }
});

test('the server keeps serving while an attacker streams an endless body', async () => {
  const endless = attack(server, '/api/auth/login', {
    declared: null,
    upTo: Number.MAX_SAFE_INTEGER,
    type: 'application/x-www-form-urlencoded',
  }).then((answer) => answer.status);
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  expect(await endless).toBe(413);
});

test('a client that sends its whole oversized body still reads the 413, not a reset', async () => {
  for (const { path, type } of ENDPOINTS) {
    const answer = await postWhole(server, path, Buffer.alloc(1024 * 1024, 'a'), { 'Content-Type': type, Origin: server.url });
    expect(answer.status, path).toBe(413);
    expect(answer.body, path).toMatch(/too large/i);
  }
});

test('sign-in, drafts, the Stripe webhook and uploads still work, chunked or not', async () => {
  // Sign-in, as the login form posts it, and the same form streamed in chunks.
  const signedIn = await apiSignIn(server.url, OWNER_PASSWORD);
  expect(signedIn.response.status).toBe(200);
  const chunkedSignIn = await postChunked(server, '/api/auth/login', `password=${encodeURIComponent(OWNER_PASSWORD)}`, {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  });
  expect(chunkedSignIn.status).toBe(200);

  // 'Save and finish later'.
  const draft = await fetch(`${server.url}/api/application-drafts`, {
    method: 'POST',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ draftEmail: 'saver@example.com', step: '1' }),
  });
  expect(draft.status, await draft.clone().text()).toBe(200);
  expect(((await draft.json()) as { ok: boolean }).ok).toBe(true);

  // Stripe's signed event.
  const payload = checkoutEvent({ id: 'evt_limits_1', sessionId: 'cs_limits_1', email: 'payer@example.com' });
  const webhook = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature(payload) },
    body: payload,
  });
  expect(webhook.status).toBe(200);
  expect(await webhook.json()).toEqual({ received: true, result: 'recorded' });

  // An upload by the signed-in owner; a larger one than the media limit gets the upload's own message.
  const image = await pngImage();
  const upload = (file: Buffer) => {
    const body = new FormData();
    body.set('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'icon.png');
    return fetch(`${server.url}/api/admin/media?kind=image`, {
      method: 'POST',
      headers: { Origin: server.url, Cookie: signedIn.cookie },
      body,
    });
  };
  const uploaded = await upload(image);
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  expect(((await uploaded.json()) as { url: string }).url).toMatch(/^\/media\/[a-f0-9]{32}\./);
  const huge = await upload(Buffer.concat([image, Buffer.alloc(21 * 1024 * 1024)]));
  expect(huge.status).toBe(413);
  expect(((await huge.json()) as { error: string }).error).toMatch(/largest image accepted is 20 MB/);
});

test('an upload larger than an anonymous body needs a signed-in session', async () => {
  const answer = await attack(server, '/api/admin/media?kind=image', {
    declared: 5 * 1024 * 1024,
    upTo: 64 * 1024,
    type: 'multipart/form-data; boundary=x',
  });
  expect(answer.status).toBe(413);
});

/** Posts all of `body` with its length, as most clients do, and reads the answer. */
function postWhole(server: RunningServer, path: string, body: Buffer, headers: Record<string, string>) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'POST', localAddress: ATTACKER, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Posts `body` in two chunks, without a Content-Length (Transfer-Encoding: chunked). */
function postChunked(server: RunningServer, path: string, body: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(server.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, path, method: 'POST', headers: { Origin: server.url, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    req.end(body.slice(half));
  });
}

import { expect, test } from '@playwright/test';
import { startServer, type RunningServer } from './server';

/**
 * What an operator relies on (issue 33): the liveness and readiness endpoints, and HOST. An
 * instance meant to sit behind nginx listens on the loopback only, so nothing reaches it around
 * the proxy's limits and TLS. 127.0.0.2 stands in for the machine's other addresses: on Linux all
 * of 127.0.0.0/8 reaches this machine, and a server listening on every interface answers there too.
 */

let server: RunningServer;
const METRICS_TOKEN = 'operator-spec-metrics-token';
test.beforeAll(async () => {
  server = await startServer({ env: { HOST: '127.0.0.1', METRICS_TOKEN } });
});
test.afterAll(async () => {
  await server?.stop();
});

const reachable = (origin: string) =>
  fetch(`${origin}/robots.txt`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    (error: unknown) => String((error as { cause?: { code?: string } }).cause?.code ?? error),
  );

test('with HOST=127.0.0.1 the server answers on 127.0.0.1 and not on the machine’s other addresses', async () => {
  const port = new URL(server.url).port;
  expect(await reachable(`http://127.0.0.1:${port}`)).toBe(200);
  expect(await reachable(`http://127.0.0.2:${port}`)).toBe('ECONNREFUSED');
});

test('/api/health says the process lives; /api/ready that the database, its migrations and the outbox are ready', async () => {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
  const ready = await fetch(`${server.url}/api/ready`);
  expect(ready.status).toBe(200);
  expect(ready.headers.get('cache-control')).toContain('no-store');
  expect(await ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current', outbox: 'running' });
});

test('/metrics: 401 without the token; with it the requests by class and the instance ready', async () => {
  expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
  await fetch(`${server.url}/rates`);
  const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^clp_http_requests_total\{class="page",status="200"\} [1-9]/m);
  expect(text).toMatch(/^clp_ready 1$/m);
  expect(text).toMatch(/^clp_outbox_unsent\{channel="email"\} 0$/m);
});

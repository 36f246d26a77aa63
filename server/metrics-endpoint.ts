import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Gauge } from 'prom-client';
import { poolUse, type DB } from '../lib/db/connect.server';
import { readiness } from '../lib/health/readiness.server';
import { metrics } from '../lib/metrics/registry';
import { processSingleton } from '../lib/runtime/process-singleton';
import { outboxDepth } from '../lib/notifications/outbox-depth.server';
import { CHANNELS } from '../lib/notifications/types';

/**
 * GET /metrics (issue 33): the process's Prometheus metrics (lib/metrics/registry.ts), behind the
 * bearer token METRICS_TOKEN. Without the variable the address does not exist (404), so a site
 * that does not scrape shows nothing; a wrong or missing token gets 401. Each scrape also reads
 * the outbox's backlog per channel from the database (the same on every instance) and this
 * process's database pool.
 */

export const METRICS_PATH = '/metrics';

export const isMetricsRequest = (url: string | undefined) => (url ?? '').split('?', 1)[0] === METRICS_PATH;

/** The gauges read at each scrape, made once per process into the shared registry. */
const gauges = () =>
  processSingleton('metrics.gauges', () => {
    const registers = [metrics().registry];
    return {
      unsent: new Gauge({
        name: 'clp_outbox_unsent',
        help: 'Notifications not sent yet (waiting or failing), by channel.',
        labelNames: ['channel'],
        registers,
      }),
      oldest: new Gauge({
        name: 'clp_outbox_oldest_unsent_age_seconds',
        help: 'Age of the oldest notification not sent yet, by channel (0 when there is none).',
        labelNames: ['channel'],
        registers,
      }),
      ready: new Gauge({
        name: 'clp_ready',
        help: '1 when this instance is ready for visitors (GET /api/ready: database, migrations, outbox workers), else 0.',
        registers,
      }),
      pool: new Gauge({
        name: 'clp_db_pool_connections',
        help: "This process's PostgreSQL pool: connections open, idle, and requests waiting for one.",
        labelNames: ['state'],
        registers,
      }),
    };
  });

async function readGauges(db: () => Promise<DB>): Promise<void> {
  const { unsent, oldest, pool, ready } = gauges();
  ready.set((await readiness(db)).ready ? 1 : 0);
  const depth = await outboxDepth(await db());
  const now = Date.now();
  // Every channel is reported, empty ones too, so an alert on a channel's backlog has a series to read.
  for (const channel of new Set<string>([...CHANNELS, ...depth.map((d) => d.channel)])) {
    const found = depth.find((d) => d.channel === channel);
    unsent.set({ channel }, found?.unsent ?? 0);
    oldest.set({ channel }, found ? Math.max(0, (now - Date.parse(found.oldestAt)) / 1000) : 0);
  }
  const use = poolUse();
  if (use) for (const [state, value] of Object.entries(use)) pool.set({ state }, value);
}

function tokenMatches(req: IncomingMessage, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `token`: METRICS_TOKEN; `db`: the database whose outbox is read (the server's). */
export async function answerMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  options: { token: string | undefined; db: () => Promise<DB> },
): Promise<void> {
  const { token } = options;
  const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).end(text);
  if (!token) return void plain(404, 'Not found');
  if (req.method !== 'GET') return void plain(405, 'Method not allowed', { Allow: 'GET' });
  if (!tokenMatches(req, token)) return void plain(401, 'A bearer token is required.', { 'WWW-Authenticate': 'Bearer' });
  try {
    await readGauges(options.db);
    const { registry } = metrics();
    res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(await registry.metrics());
  } catch {
    plain(503, 'The metrics could not be read.');
  }
}

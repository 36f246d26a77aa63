import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { addNotifications } from '../../lib/notifications/outbox.server';
import { outboxDepth } from '../../lib/notifications/outbox-depth.server';
import { smtpTransport } from '../../lib/notifications/transports/smtp.server';
import type { DB } from '../../lib/db/connect.server';
import { freePort } from '../support/production-server';
import { startSmtp } from '../support/mail';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * What /metrics reports of the outbox (issue 33): the backlog per channel read from the database,
 * which rises while the SMTP peer is down and falls when it is back, and the failed attempts counted
 * meanwhile. The time between the two attempts (the outbox's 30 s backoff) passes on the test's clock.
 */

const engines = testEngines(
  async (): Promise<{ db: DB; cleanup: () => Promise<void> }> => tempSqlite(),
  async (url): Promise<{ db: DB; cleanup: () => Promise<void> }> => tempPostgres(url),
);
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn() };
const AT = new Date('2026-11-27T10:00:00.000Z');

/** /metrics as the server answers it, reading `db`'s outbox. */
async function serveMetrics(token: string | undefined, db: () => Promise<DB>): Promise<string> {
  const { answerMetrics } = await import('../../server/metrics-endpoint');
  const server = createServer((req, res) => void answerMetrics(req, res, { token, db }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
}

const TOKEN = 'a-token-of-sixteen-chars';

/** The value of a series in a scrape of `url`, 0 when it is absent. */
async function series(url: string, name: string, labels: string): Promise<number> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  const text = await response.text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe.each(engines)('the outbox in the metrics on %s', (_engine, open) => {
  it('the e-mail backlog rises while the SMTP peer is down and falls when it returns', async () => {
    const { db, cleanup } = await open();
    cleanups.push(cleanup);
    await migrateToLatest(db);
    const url = await serveMetrics(TOKEN, async () => db);
    const port = await freePort();
    const transport = smtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'site@loans.example', to: 'broker@loans.example' });
    await db.transaction().execute((trx) =>
      addNotifications(trx, [
        {
          subject: { type: 'payment', id: 'p1' },
          channel: 'email',
          payload: { subject: 'Paid', text: 'Paid.', fromName: '', fromEmail: '' },
          at: AT,
        },
      ]),
    );
    expect(await outboxDepth(db)).toEqual([{ channel: 'email', unsent: 1, oldestAt: AT.toISOString() }]);
    expect(await series(url, 'clp_outbox_unsent', 'channel="email"')).toBe(1);
    expect(await series(url, 'clp_outbox_oldest_unsent_age_seconds', 'channel="email"')).toBeGreaterThan(0);

    // The peer is down: the attempt fails, the message waits and the failure is counted.
    const failuresBefore = await series(url, 'clp_notification_delivery_failures_total', 'channel="email"');
    await deliverDue(db, transport, log, () => AT);
    expect(await series(url, 'clp_outbox_unsent', 'channel="email"')).toBe(1);
    expect(await series(url, 'clp_notification_delivery_failures_total', 'channel="email"')).toBe(failuresBefore + 1);

    // Back up: the retry, due 30 s later, is delivered and the backlog is empty.
    const smtp = await startSmtp(port);
    cleanups.push(smtp.stop);
    await deliverDue(db, transport, log, () => new Date(AT.getTime() + 31_000));
    expect(smtp.mails).toHaveLength(1);
    expect(await outboxDepth(db)).toEqual([]);
    expect(await series(url, 'clp_outbox_unsent', 'channel="email"')).toBe(0);
  });
});

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN, and asks for the token with it', async () => {
    const db = async () => {
      throw new Error('not read');
    };
    expect((await fetch(await serveMetrics(undefined, db))).status).toBe(404);
    const url = await serveMetrics(TOKEN, db);
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${TOKEN.slice(0, -1)}X` } })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(405);
  });
});

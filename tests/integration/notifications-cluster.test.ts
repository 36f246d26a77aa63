import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { CLAIM_LEASE_MS, claimNext } from '../../lib/notifications/claim.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { ANY_CHANNEL, DUE_CHANNEL, listenForDue } from '../../lib/notifications/due-signal.server';
import { addNotifications } from '../../lib/notifications/outbox.server';
import type { Transport } from '../../lib/notifications/transports/types';
import { createOutboxWorker } from '../../lib/notifications/worker.server';
import { postgresUrl, tempPostgres } from '../support/temp-db';

/**
 * The outbox with several app instances on one PostgreSQL, each its own connection pool as a
 * separate process has: every notification is sent exactly once however many workers claim at
 * the same moment, a dead instance's claim is finished by another, and a notification written on
 * one instance wakes the workers of all of them at once, also after a lost connection.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

async function cluster(instances: number) {
  const database = await tempPostgres(postgresUrl!, { migrated: true });
  cleanups.push(database.cleanup);
  await migrateToLatest(database.db);
  const pools = Array.from({ length: instances }, () => connect({ kind: 'postgres', url: database.url }));
  cleanups.push(async () => void (await Promise.all(pools.map((pool) => pool.destroy()))));
  return { db: database.db, url: database.url, pools };
}

async function addEmails(db: DB, from: number, count: number, at = new Date()) {
  await db.transaction().execute((trx) =>
    addNotifications(
      trx,
      Array.from({ length: count }, (_, i) => ({
        subject: { type: 'lead' as const, id: `lead-${from + i}` },
        channel: 'email' as const,
        payload: { subject: `Lead ${from + i}`, text: '', fromName: '', fromEmail: '' },
        at,
      })),
    ),
  );
}

/** A transport that records each subject it sends, by instance, yielding once per send as a real one does. */
function recorder(sent: { subject: string; instance: number }[], instance: number): Transport<'email'> {
  return {
    name: 'smtp',
    channel: 'email',
    async send(payload) {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push({ subject: payload.subject, instance });
    },
  };
}

/** The backends LISTENing for due notifications, by process id. */
async function listeners(db: DB): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${DUE_CHANNEL}`}`.execute(db);
  return rows.map((row) => row.pid).sort();
}

describe.runIf(postgresUrl)('notifications outbox with several instances on one PostgreSQL', () => {
  it('sends each of 200 notifications exactly once while four instances claim at the same moment', async () => {
    const { db, pools } = await cluster(4);
    await addEmails(db, 0, 200);
    const sent: { subject: string; instance: number }[] = [];
    const delivered = await Promise.all(pools.map((pool, i) => deliverDue(pool, recorder(sent, i), log)));

    expect(delivered.reduce((a, b) => a + b, 0)).toBe(200);
    expect(new Set(sent.map((s) => s.subject)).size).toBe(200);
    expect(sent).toHaveLength(200);
    // SKIP LOCKED: each instance claims rows of its own at once rather than queueing behind another's.
    expect(delivered.every((count) => count > 0)).toBe(true);
    const rows = await db.selectFrom('notifications').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
    expect(await db.selectFrom('notification_attempts').select('id').execute()).toHaveLength(200);
  });

  it("lets another instance finish a dead instance's claim once its lease has run out", async () => {
    const { db, pools } = await cluster(2);
    const at = new Date('2026-11-21T10:00:00.000Z');
    await addEmails(db, 0, 1, at);
    // Instance 0 claims the notification and dies before sending it.
    expect(await claimNext(pools[0]!, 'email', at)).toMatchObject({ subject_id: 'lead-0', attempts: 0 });
    await pools[0]!.destroy();

    const sent: { subject: string; instance: number }[] = [];
    const justBefore = new Date(at.getTime() + CLAIM_LEASE_MS - 1);
    expect(await deliverDue(pools[1]!, recorder(sent, 1), log, () => justBefore)).toBe(0);
    const leaseOver = new Date(at.getTime() + CLAIM_LEASE_MS);
    expect(await deliverDue(pools[1]!, recorder(sent, 1), log, () => leaseOver)).toBe(1);
    expect(sent).toEqual([{ subject: 'Lead 0', instance: 1 }]);
    pools.splice(0, 1);
  });

  it("wakes every instance's worker on another's commit, and again after their connections were cut", async () => {
    const { db, url, pools } = await cluster(3);
    const sent: { subject: string; instance: number }[] = [];
    // Polls far apart: only the signal can explain a prompt delivery.
    const workers = [0, 1].map((i) =>
      createOutboxWorker({
        db: async () => pools[i]!,
        transport: recorder(sent, i),
        log,
        pollMs: 10 * 60_000,
        subscribe: (wake) => listenForDue(url, (channel) => (channel === 'email' || channel === ANY_CHANNEL) && wake(), log),
      }),
    );
    cleanups.push(async () => void (await Promise.all(workers.map((worker) => worker.stop()))));
    await vi.waitFor(async () => expect(await listeners(db)).toHaveLength(2), { timeout: 5_000, interval: 20 });

    // Delivered within seconds while the next poll is 10 minutes away: the signal woke them. (No
    // tighter bound: a timing asserted here would fail on a busy machine, not on a broken signal.)
    await addEmails(pools[2]!, 0, 40);
    await vi.waitFor(() => expect(sent).toHaveLength(40), { timeout: 5_000, interval: 10 });
    expect(new Set(sent.map((s) => s.subject)).size).toBe(40);

    // Cut both listening connections, write while nobody listens: each listener reconnects by
    // itself and looks for what became due meanwhile.
    const before = await listeners(db);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(before)})`.execute(db);
    await vi.waitFor(async () => expect(await listeners(db)).toHaveLength(0), { timeout: 5_000, interval: 10 });
    await addEmails(pools[2]!, 40, 10);
    await vi.waitFor(() => expect(sent).toHaveLength(50), { timeout: 10_000, interval: 20 });
    await vi.waitFor(async () => expect(await listeners(db)).toHaveLength(2), { timeout: 5_000, interval: 20 });
    expect((await listeners(db)).some((pid) => before.includes(pid))).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'notification.listen_lost' }),
      expect.stringContaining('reconnecting'),
    );
    expect(new Set(sent.map((s) => s.subject)).size).toBe(50);
  });
});

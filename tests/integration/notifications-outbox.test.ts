import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { CLAIM_LEASE_MS } from '../../lib/notifications/claim.server';
import { deliverDue, nextDueAt } from '../../lib/notifications/delivery.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { resendWebhook } from '../../lib/notifications/deliveries.server';
import { LANES } from '../../lib/notifications/lanes';
import { addNotifications, deleteNotifications, retryNotifications } from '../../lib/notifications/outbox.server';
import { countTroubled, listAttempts } from '../../lib/notifications/queries.server';
import type { Transport } from '../../lib/notifications/transports/types';
import { createOutboxWorker } from '../../lib/notifications/worker.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * The notifications outbox on a real database, apart from any subject: what is added is sent with
 * its payload, once, by whichever of several app instances claims it first.
 */

interface Engine {
  db: DB;
  /** Another app instance: its own connection (pool) to the same database. */
  second: () => DB;
  cleanup: () => Promise<void>;
}

async function openSqlite(): Promise<Engine> {
  const handle = tempSqlite();
  const others: DB[] = [];
  return {
    db: handle.db,
    second: () => {
      const other = connect({ kind: 'sqlite', path: handle.path });
      others.push(other);
      return other;
    },
    cleanup: async () => {
      for (const other of others) await other.destroy();
      await handle.cleanup();
    },
  };
}

async function openPostgres(adminUrl: string): Promise<Engine> {
  const handle = await tempPostgres(adminUrl);
  const others: DB[] = [];
  return {
    db: handle.db,
    second: () => {
      const other = connect({ kind: 'postgres', url: handle.url });
      others.push(other);
      return other;
    },
    cleanup: async () => {
      for (const other of others) await other.destroy();
      await handle.cleanup();
    },
  };
}

const engines = testEngines(openSqlite, openPostgres);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn() };
const AT = new Date('2026-11-21T10:00:00.000Z');
const clock =
  (at = AT) =>
  () =>
    at;
const message = (n: number): NotificationMessage => ({ subject: `Notice ${n}`, text: `Text ${n}`, fromName: '', fromEmail: '' });

async function addMany(db: DB, count: number, at = AT) {
  await db.transaction().execute((trx) =>
    addNotifications(
      trx,
      Array.from({ length: count }, (_, n) => ({
        subject: { type: 'payment' as const, id: `p${n}` },
        channel: 'email' as const,
        payload: message(n),
        at,
      })),
    ),
  );
}

/** A transport that records what it sends; `hold` keeps its first send open until released. */
function recorder(name: string, options: { hold?: Promise<void> } = {}) {
  const sent: string[] = [];
  let first = true;
  const transport: Transport<'email'> = {
    name,
    channel: 'email',
    async send(payload) {
      sent.push(payload.subject);
      if (first && options.hold) {
        first = false;
        await options.hold;
      }
    },
  };
  return { transport, sent };
}

describe.each(engines)('notifications outbox on %s', (_engine, open) => {
  async function setup() {
    const engine = await open();
    cleanups.push(engine.cleanup);
    await migrateToLatest(engine.db);
    return engine;
  }

  it('sends each payload as written, once, records the attempt and sleeps until the next due', async () => {
    const { db } = await setup();
    await addMany(db, 3);
    expect(await nextDueAt(db, 'email')).toEqual(AT);
    const { transport, sent } = recorder('smtp');
    expect(await deliverDue(db, transport, log, clock())).toBe(3);
    expect(await deliverDue(db, transport, log, clock())).toBe(0);
    expect(sent.sort()).toEqual(['Notice 0', 'Notice 1', 'Notice 2']);
    expect(await listAttempts(db, { type: 'payment', id: 'p1' })).toEqual([
      { attemptedAt: AT.toISOString(), channel: 'email', recipient: 'broker', transport: 'smtp', ok: true, error: null },
    ]);
    expect(await nextDueAt(db, 'email')).toBeNull();
  });

  it('never sends one notification twice while two instances deliver at once', async () => {
    const { db, second } = await setup();
    await addMany(db, 30);
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const a = recorder('smtp', { hold });
    const b = recorder('smtp');
    // A claims its first due notification and is still sending it while B delivers everything it can claim.
    const first = deliverDue(db, a.transport, log, clock());
    await vi.waitFor(() => expect(a.sent).toHaveLength(1));
    const other = second();
    expect(await deliverDue(other, b.transport, log, clock())).toBe(29);
    expect(b.sent).not.toContain(a.sent[0]);
    release();
    // A finishes its send and finds nothing left to claim.
    expect(await first).toBe(1);

    const all = [...a.sent, ...b.sent];
    expect(all).toHaveLength(30);
    expect(new Set(all).size).toBe(30);
    const rows = await db.selectFrom('notifications').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'sent' && Number(r.attempts) === 1)).toBe(true);
    expect(await db.selectFrom('notification_attempts').select('id').execute()).toHaveLength(30);
  });

  it('stops claiming when its worker stops, but finishes the send in progress', async () => {
    const { db } = await setup();
    const at = new Date();
    await addMany(db, 3, at);
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const { transport, sent } = recorder('smtp', { hold });
    const worker = createOutboxWorker({ db: async () => db, transport, log: { ...log, error: vi.fn() } });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    const rows = await db.selectFrom('notifications').select(['status', 'next_attempt_at']).orderBy('status').execute();
    // The one sent is recorded; the other two are unclaimed, due at once for another instance.
    expect(rows).toEqual([
      { status: 'sent', next_attempt_at: null },
      { status: 'waiting', next_attempt_at: at.toISOString() },
      { status: 'waiting', next_attempt_at: at.toISOString() },
    ]);
  });

  it('leaves other channels to their own transports, and retries a claim whose sender died after the lease', async () => {
    const { db } = await setup();
    await addMany(db, 1);
    await db
      .insertInto('notifications')
      .values({
        id: 'sms1',
        subject_type: 'lead',
        subject_id: 'l1',
        channel: 'sms',
        payload: '{"to":"+15550100","text":"Hi"}',
        status: 'waiting',
        next_attempt_at: AT.toISOString(),
        created_at: AT.toISOString(),
        updated_at: AT.toISOString(),
      })
      .execute();
    // A claim as deliverDue makes it, by an instance that then stopped before sending.
    const leased = new Date(AT.getTime() + CLAIM_LEASE_MS).toISOString();
    await db.updateTable('notifications').set({ next_attempt_at: leased }).where('channel', '=', 'email').execute();
    const { transport, sent } = recorder('smtp');
    expect(await deliverDue(db, transport, log, clock())).toBe(0);
    expect(await nextDueAt(db, 'email')).toEqual(new Date(leased));
    expect(await deliverDue(db, transport, log, clock(new Date(leased)))).toBe(1);
    expect(sent).toEqual(['Notice 0']);
    expect(await db.selectFrom('notifications').select('status').where('id', '=', 'sms1').executeTakeFirst()).toEqual({
      status: 'waiting',
    });
  });

  it('fails an unreadable payload for good and goes on; a notification deleted while sent leaves no attempt', async () => {
    const { db } = await setup();
    await addMany(db, 2);
    await db.updateTable('notifications').set({ payload: '{broken' }).where('subject_id', '=', 'p0').execute();
    let deleteDuringSend = true;
    const transport: Transport<'email'> = {
      name: 'smtp',
      channel: 'email',
      async send() {
        if (!deleteDuringSend) return;
        deleteDuringSend = false;
        await db.transaction().execute((trx) => deleteNotifications(trx, { type: 'payment', id: 'p1' }));
      },
    };
    expect(await deliverDue(db, transport, log, clock())).toBe(1);
    const rows = await db.selectFrom('notifications').select(['subject_id', 'status', 'last_error', 'next_attempt_at']).execute();
    expect(rows).toEqual([
      { subject_id: 'p0', status: 'failed', last_error: 'The stored payload is not valid JSON', next_attempt_at: null },
    ]);
    expect(await listAttempts(db, { type: 'payment', id: 'p1' })).toEqual([]);
    expect(await countTroubled(db)).toEqual({ lead: { failing: 0, failed: 0 }, payment: { failing: 0, failed: 1 } });
  });
  it("leaves a notification another instance is sending alone: 'Retry now' and 'Resend' are no-ops until it is recorded", async () => {
    const { db, second } = await setup();
    const lead = { type: 'lead' as const, id: 'lead-1' };
    await db.transaction().execute((trx) =>
      addNotifications(trx, [
        {
          subject: lead,
          channel: 'webhook',
          recipient: 'webhook:crm',
          payload: { endpointId: 'crm', messageId: 'msg_1', type: 'lead.created', body: '{}' },
          at: AT,
        },
      ]),
    );
    const [row] = await db.selectFrom('notifications').select('id').execute();
    const sent: string[] = [];
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const webhook: Transport<'webhook'> = {
      name: 'webhook',
      channel: 'webhook',
      async send(payload) {
        sent.push(payload.messageId);
        if (holding) {
          holding = false;
          await hold;
        }
      },
    };
    // Instance A claims the delivery and is still waiting for the receiver's answer.
    const first = deliverDue(db, webhook, log, clock());
    await vi.waitFor(() => expect(sent).toHaveLength(1));

    // On instance B, the owner presses 'Resend' and 'Retry now': nothing is made due, nothing sent twice.
    const other = second();
    const now = new Date(AT.getTime() + 1_000);
    expect(await resendWebhook(other, row!.id, now)).toBe('sending');
    expect(await retryNotifications(other, lead, now)).toBe(0);
    expect(await deliverDue(other, webhook, log, () => now)).toBe(0);
    expect(sent).toEqual(['msg_1']);

    release();
    expect(await first).toBe(1);
    // Recorded: 'Resend' works again, once.
    expect(await resendWebhook(other, row!.id, now)).toEqual({ leadId: 'lead-1' });
    expect(await deliverDue(other, webhook, log, () => now)).toBe(1);
    expect(sent).toEqual(['msg_1', 'msg_1']);
    expect(await db.selectFrom('notifications').select(['status', 'attempts', 'claimed_until']).execute()).toEqual([
      { status: 'sent', attempts: 2, claimed_until: null },
    ]);
  });

  it("gives the visitors' e-mail a lane of its own: each lane claims only its recipients", async () => {
    const { db } = await setup();
    await db.transaction().execute((trx) =>
      addNotifications(
        trx,
        ['visitor', 'visitor', 'broker', 'invitee', 'visitor'].map((recipient, n) => ({
          subject: { type: 'lead' as const, id: `l${n}` },
          channel: 'email' as const,
          recipient,
          payload: message(n),
          // The visitors' mail is the oldest due: first in line, were there one line.
          at: new Date(AT.getTime() + (recipient === 'visitor' ? 0 : 1_000)),
        })),
      ),
    );
    const alerts = LANES.find((lane) => lane.name === 'email:alerts')!;
    const visitors = LANES.find((lane) => lane.name === 'email:visitors')!;
    const later = clock(new Date(AT.getTime() + 2_000));
    expect(await nextDueAt(db, 'email', alerts.recipients)).toEqual(new Date(AT.getTime() + 1_000));
    const a = recorder('smtp');
    expect(await deliverDue(db, a.transport, log, later, { recipients: alerts.recipients })).toBe(2);
    expect(a.sent.sort()).toEqual(['Notice 2', 'Notice 3']);
    const v = recorder('smtp');
    expect(await deliverDue(db, v.transport, log, later, { recipients: visitors.recipients })).toBe(3);
    expect(v.sent.sort()).toEqual(['Notice 0', 'Notice 1', 'Notice 4']);
  });
});

describe('notifications indexes (SQLite query plans)', () => {
  it('serve the due query, the next due time and the dashboard count from notifications_due_idx', async () => {
    const handle = tempSqlite();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    const queries: string[] = [];
    const watched = connect({ kind: 'sqlite', path: handle.path }, { onQuery: (sql) => queries.push(sql) });
    cleanups.push(() => watched.destroy());
    await deliverDue(watched, recorder('smtp').transport, log, clock());
    await nextDueAt(watched, 'email');
    await countTroubled(watched);
    // A lane's claim and next due time (the visitors' e-mail), answered from the index too.
    const visitors = LANES.find((lane) => lane.name === 'email:visitors')!.recipients;
    await deliverDue(watched, recorder('smtp').transport, log, clock(), { recipients: visitors });
    await nextDueAt(watched, 'email', visitors);
    const raw = new Database(handle.path, { readonly: true });
    cleanups.push(async () => void raw.close());
    const plans = queries.map((sql) => {
      const params = Array.from(sql.matchAll(/\?/g), () => 'x');
      const rows = raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      return rows.map((r) => r.detail).join('\n');
    });
    expect(plans).toHaveLength(5);
    for (const plan of plans) {
      expect(plan).toMatch(/SEARCH notifications USING (COVERING )?INDEX notifications_due_idx/);
      expect(plan).not.toMatch(/SCAN notifications\b/);
    }
    // A worker reads only its own channel's due entries: the push, SMS and webhook workers, woken by
    // every stored lead, no longer walk a backlog of waiting e-mails to find none (migration 0032).
    const [claim, nextDue, , laneClaim, laneNextDue] = plans;
    for (const plan of [claim, nextDue, laneClaim, laneNextDue])
      expect(plan).toMatch(/notifications_due_idx \(status=\? AND channel=\?/);
  });
});

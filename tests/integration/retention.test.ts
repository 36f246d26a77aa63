import { readFileSync, existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordActivity, SYSTEM_ACTOR } from '../../lib/activity/record.server';
import { connect, type DB } from '../../lib/db/connect.server';
import { newId } from '../../lib/db/ids';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { seedIfEmpty } from '../../lib/setup/seed.server';
import { leadFilterSchema } from '../../lib/leads/admin/filter';
import { markNotSpam, updateLead } from '../../lib/leads/admin/mutations.server';
import { searchLeads } from '../../lib/leads/admin/queries.server';
import type { LeadKind } from '../../lib/leads/fields';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { DeliveryError, type Transport } from '../../lib/notifications/transports/types';
import { recordPaymentEvent } from '../../lib/payments/store.server';
import { deletePersonData } from '../../lib/privacy/delete.server';
import { personEmailSchema } from '../../lib/privacy/email-match';
import { exportPersonData } from '../../lib/privacy/export.server';
import { claimDay } from '../../lib/retention/daily-claim.server';
import { runDailyRetention } from '../../lib/retention/daily-job.server';
import { daysBefore, monthsBefore } from '../../lib/time/calendar';
import { readRetentionSettings, saveRetentionSettings } from '../../lib/retention/settings.server';
import { scanDatabase } from '../support/database-scan';
import { testEngines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * Retention (issue 17): with the clock moved forward, what has expired is gone with its
 * notifications and attempts, and only once a day across instances; privacy requests export
 * everything of one e-mail address and nothing of anyone else's, and delete it so that no row
 * of any table, the FTS index's included, still holds it.
 */

interface Engine {
  db: DB;
  /** Another instance's handle on the same database. */
  second: () => DB;
  /** The SQLite file, to read its bytes. */
  path?: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openSqlite(): Promise<Engine> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  const second = () => {
    const other = connect({ kind: 'sqlite', path: handle.path });
    cleanups.push(() => other.destroy());
    return other;
  };
  return { db: handle.db, second, path: handle.path };
}

async function openPostgres(adminUrl: string): Promise<Engine> {
  const handle = await tempPostgres(adminUrl);
  cleanups.push(handle.cleanup);
  const second = () => {
    const other = connect({ kind: 'postgres', url: handle.url });
    cleanups.push(() => other.destroy());
    return other;
  };
  return { db: handle.db, second };
}

const log = { info: vi.fn(), warn: vi.fn() };
const T0 = new Date('2024-03-10T12:00:00.000Z');
/** 24 months and a day after T0: the default retention has just run out for a lead untouched since. */
const NOW = new Date('2026-03-11T12:00:00.000Z');
const HOUR = 3_600_000;

function lead(kind: LeadKind, fields: Record<string, string>, spam = false) {
  return {
    kind,
    fields,
    page: '/',
    consent: true,
    spamReason: spam ? ('honeypot' as const) : null,
    clientAddress: '198.51.100.7',
    userAgent: 'test',
  };
}
const application = (name: string, email: string, phone = '208-555-0142') =>
  lead('application', { ...fullApplication, borrowerName: name, email, phone });
const contact = (name: string, email: string, message: string, spam = false) =>
  lead('contact', { from_name: name, from_email: email, phone: '', message }, spam);

/** A mail server that refuses each notification once (naming its sender), then accepts it. */
function refusingOnce(): Transport<'email'> {
  const refused = new Set<string>();
  return {
    name: 'smtp',
    channel: 'email',
    async send(payload) {
      if (refused.has(payload.subject + payload.text)) return;
      refused.add(payload.subject + payload.text);
      throw new DeliveryError(`450 mailbox busy, message from <${payload.fromEmail}> deferred`, true);
    },
  };
}

/** Delivers every due notification at `at`, then its retry an hour later: two attempts each. */
async function deliverAll(db: DB, at: Date) {
  const transport = refusingOnce();
  await deliverDue(db, transport, log, () => at);
  await deliverDue(db, transport, log, () => new Date(at.getTime() + HOUR));
}

const count = async (db: DB, table: 'leads' | 'notifications' | 'notification_attempts') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const notificationsOf = (db: DB, leadId: string) =>
  db.selectFrom('notifications').select('id').where('subject_type', '=', 'lead').where('subject_id', '=', leadId).execute();
const attemptsOf = (db: DB, leadId: string) =>
  db
    .selectFrom('notification_attempts')
    .innerJoin('notifications', 'notifications.id', 'notification_attempts.notification_id')
    .select('notification_attempts.id')
    .where('subject_type', '=', 'lead')
    .where('subject_id', '=', leadId)
    .execute();

describe.each(testEngines(openSqlite, openPostgres))('retention on %s', (_engine, open) => {
  async function setup(): Promise<Engine> {
    const engine = await open();
    await migrateToLatest(engine.db);
    await seedIfEmpty(engine.db, T0);
    return engine;
  }

  it('deletes expired leads with their notifications and attempts, spam after 30 days, and old sign-in state; keeps the rest', async () => {
    const { db } = await setup();
    const old = await recordLead(db, application('Olive Oldman', 'olive@example.com'), T0);
    const touched = await recordLead(db, application('Tess Touched', 'tess@example.com'), T0);
    const fresh = await recordLead(db, application('Fran Fresh', 'fran@example.com'), monthsBefore(NOW, 1));
    await deliverAll(db, T0);
    await deliverAll(db, monthsBefore(NOW, 1));
    // The owner's note 20 months in is the touched lead's last activity.
    await updateLead(db, touched.id, { status: 'contacted', notes: 'Called back' }, new Date(T0.getTime() + 20 * 30 * 24 * HOUR));
    const oldSpam = await recordLead(db, contact('Spam Old', 'bot1@spam.example', 'buy now', true), daysBefore(NOW, 31));
    const newSpam = await recordLead(db, contact('Spam New', 'bot2@spam.example', 'buy now', true), daysBefore(NOW, 29));
    const rescued = await recordLead(db, contact('Real Person', 'real@example.com', 'hello', true), daysBefore(NOW, 40));
    // In the spam folder on an earlier rule's weak evidence (ADR 030): kept like any lead, not purged at 30 days.
    const weak = await recordLead(db, contact('Weak Evidence', 'weak@example.com', 'hi', true), daysBefore(NOW, 31));
    await db.updateTable('leads').set({ spam_reason: 'rate-limit' }).where('id', '=', weak.id).execute();
    await markNotSpam(db, rescued.id, daysBefore(NOW, 10));
    expect(await attemptsOf(db, old.id)).toHaveLength(2);

    const stamp = (d: Date) => d.toISOString();
    await db
      .insertInto('auth_challenges')
      .values([
        {
          id: newId(),
          token_hash: 'a'.repeat(64),
          purpose: 'second-factor',
          user_id: 'admin',
          created_at: stamp(NOW),
          expires_at: stamp(new Date(NOW.getTime() - 60_000)),
        },
        {
          id: newId(),
          token_hash: 'b'.repeat(64),
          purpose: 'second-factor',
          user_id: 'admin',
          created_at: stamp(NOW),
          expires_at: stamp(new Date(NOW.getTime() + 60_000)),
        },
      ])
      .execute();
    const invite = (email: string, expires: Date, accepted: Date | null) => ({
      id: newId(),
      token_hash: newId() + newId(),
      email,
      role: 'editor',
      invited_by: 'admin',
      created_at: stamp(daysBefore(expires, 3)),
      expires_at: stamp(expires),
      accepted_at: accepted && stamp(accepted),
    });
    await db
      .insertInto('invites')
      .values([
        invite('accepted-long-ago@example.com', daysBefore(NOW, 30), daysBefore(NOW, 31)),
        invite('expired-long-ago@example.com', daysBefore(NOW, 31), null),
        invite('accepted-lately@example.com', daysBefore(NOW, 8), daysBefore(NOW, 10)),
        invite('pending@example.com', new Date(NOW.getTime() + 24 * HOUR), null),
      ])
      .execute();
    await db
      .insertInto('sign_in_attempts')
      .values([
        { id: newId(), attempt_id: 'a1', throttle_key: 'address:x', attempted_at: stamp(daysBefore(NOW, 2)) },
        { id: newId(), attempt_id: 'a2', throttle_key: 'address:x', attempted_at: stamp(new Date(NOW.getTime() - HOUR)) },
      ])
      .execute();
    await recordActivity(db, { actor: SYSTEM_ACTOR, action: 'settings_changed' }, monthsBefore(NOW, 25));
    await recordActivity(db, { actor: SYSTEM_ACTOR, action: 'settings_changed' }, monthsBefore(NOW, 23));

    const run = await runDailyRetention(db, { now: NOW, activityLogMonths: 24 });

    expect(run).toEqual({
      ran: true,
      finished: true,
      counts: {
        leads: 1,
        spam: 1,
        loanFiles: 0,
        documents: 0,
        notifications: 2,
        notificationAttempts: 2,
        authChallenges: 1,
        invites: 2,
        drafts: 0,
        signInAttempts: 1,
        portalAccess: 0,
        unfinishedDocuments: 0,
        activityLog: 1,
        archiveVersions: 0,
      },
    });
    const kept = (await db.selectFrom('leads').select('id').execute()).map((r) => r.id).sort();
    expect(kept).toEqual([touched.id, fresh.id, newSpam.id, rescued.id, weak.id].sort());
    for (const gone of [old.id, oldSpam.id]) {
      expect(await notificationsOf(db, gone)).toEqual([]);
      expect(await attemptsOf(db, gone)).toEqual([]);
    }
    expect(await attemptsOf(db, touched.id)).toHaveLength(2);
    expect(await attemptsOf(db, fresh.id)).toHaveLength(2);
    expect(await count(db, 'notifications')).toBe(5);
    expect((await db.selectFrom('invites').select('email').orderBy('email').execute()).map((r) => r.email)).toEqual([
      'accepted-lately@example.com',
      'pending@example.com',
    ]);
    expect(await db.selectFrom('auth_challenges').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('sign_in_attempts').select('id').execute()).toHaveLength(1);
    // The search (FTS on SQLite) no longer finds the deleted lead.
    expect((await searchLeads(db, leadFilterSchema.parse({ q: 'olive@example.com' }))).total).toBe(0);
    expect((await searchLeads(db, leadFilterSchema.parse({ q: 'tess@example.com' }))).total).toBe(1);

    const entries = await db.selectFrom('activity_log').selectAll().where('action', '=', 'retention_purged').execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'system', actor_id: null, target: '', ip: '' });
    expect(JSON.parse(entries[0]!.detail)).toEqual(run.ran && run.counts);
    expect(await db.selectFrom('activity_log').select('id').where('action', '=', 'settings_changed').execute()).toHaveLength(1);
  });

  it("counts from the owner's setting, and from a lead's last activity", async () => {
    const { db } = await setup();
    expect(await readRetentionSettings(db)).toEqual({ leadMonths: 24 });
    await db.transaction().execute((trx) => saveRetentionSettings(trx, { leadMonths: 6 }));
    expect(await readRetentionSettings(db)).toEqual({ leadMonths: 6 });
    const stale = await recordLead(db, application('Seven Months', 'seven@example.com'), monthsBefore(NOW, 7));
    const recent = await recordLead(db, application('Five Months', 'five@example.com'), monthsBefore(NOW, 5));
    const revived = await recordLead(db, application('Old But Busy', 'busy@example.com'), monthsBefore(NOW, 30));
    const lastActivity = async (id: string) =>
      await db.selectFrom('leads').select(['created_at', 'last_activity_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await lastActivity(revived.id)).toEqual({
      created_at: monthsBefore(NOW, 30).toISOString(),
      last_activity_at: monthsBefore(NOW, 30).toISOString(),
    });
    await updateLead(db, revived.id, { status: 'contacted', notes: '' }, monthsBefore(NOW, 2));
    expect((await lastActivity(revived.id)).last_activity_at).toBe(monthsBefore(NOW, 2).toISOString());

    const run = await runDailyRetention(db, { now: NOW, activityLogMonths: 24 });
    expect(run.ran && run.counts.leads).toBe(1);
    const kept = (await db.selectFrom('leads').select('id').execute()).map((r) => r.id).sort();
    expect(kept).toEqual([recent.id, revived.id].sort());
    expect(kept).not.toContain(stale.id);
  });

  it('runs once a day across two instances racing, and again when a run was stopped midway', async () => {
    const { db, second } = await setup();
    const other = second();
    for (let i = 0; i < 3; i++) await recordLead(db, application(`Old ${i}`, `old${i}@example.com`), T0);

    const runs = await Promise.all(
      [db, other, db, other].map((handle) => runDailyRetention(handle, { now: NOW, activityLogMonths: 24 })),
    );
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    expect(runs.find((r) => r.ran)).toMatchObject({ counts: { leads: 3 } });
    // Later the same day: nobody runs; the next day: one does, and logs nothing when nothing went.
    const later = new Date(NOW.getTime() + 6 * HOUR);
    expect(
      (await Promise.all([db, other].map((h) => runDailyRetention(h, { now: later, activityLogMonths: 24 })))).map((r) => r.ran),
    ).toEqual([false, false]);
    const tomorrow = new Date(NOW.getTime() + 24 * HOUR);
    const next = await Promise.all([other, db].map((h) => runDailyRetention(h, { now: tomorrow, activityLogMonths: 24 })));
    expect(next.filter((r) => r.ran)).toHaveLength(1);
    expect(await db.selectFrom('activity_log').select('id').where('action', '=', 'retention_purged').execute()).toHaveLength(1);

    // Claims alone, many at once from both handles: one wins.
    const day = '2026-03-20';
    expect(
      (await Promise.all(Array.from({ length: 10 }, (_, i) => claimDay(i % 2 ? db : other, day)))).filter(Boolean),
    ).toHaveLength(1);

    // A run stopped before it finished gives the day back: the next check that day runs it.
    const after = new Date('2026-03-21T08:00:00.000Z');
    await recordLead(db, application('Old Again', 'again@example.com'), T0);
    expect(await runDailyRetention(db, { now: after, activityLogMonths: 24, stopped: () => true })).toEqual({
      ran: true,
      finished: false,
      counts: expect.objectContaining({ leads: 0 }),
    });
    expect(await runDailyRetention(other, { now: after, activityLogMonths: 24 })).toMatchObject({
      ran: true,
      finished: true,
      counts: { leads: 1 },
    });
    expect(await count(db, 'leads')).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

const PERSON = 'Quill.Zephyr@Example.org';
/** The person's address standing on its own, in any case (not x.quill.zephyr@... nor ...@example.org.uk). */
const holdsPerson = (text: string) =>
  /(?<![\p{L}\p{N}._%+'-])quill\.zephyr@example\.org(?![\p{L}\p{N}_-])(?!\.[\p{L}\p{N}_-])/iu.test(text);

describe.each(testEngines(openSqlite, openPostgres))('privacy requests on %s', (_engine, open) => {
  async function setup() {
    const engine = await open();
    const { db } = engine;
    await migrateToLatest(db);
    await seedIfEmpty(db, T0);
    const at = new Date('2026-02-01T10:00:00.000Z');
    // The person: an application (the name has a letter no one else's has, to find its FTS terms),
    // an ebook download typed in capitals, a message caught as spam, a payment, an invitation.
    const person = {
      application: await recordLead(db, application('Quill Żephyr', PERSON, '208-555-0199'), at),
      ebook: await recordLead(db, lead('ebook', { name: 'Quill', email: PERSON.toUpperCase() }), at),
      spam: await recordLead(db, contact('Quill', PERSON.toLowerCase(), 'Call me', true), at),
    };
    const payment = (email: string, name: string, session: string) => ({
      eventType: 'checkout.session.completed',
      checkoutSessionId: session,
      paymentIntentId: `pi_${session}`,
      plan: 'standard',
      amount: 49500,
      currency: 'usd',
      customerEmail: email,
      customerName: name,
    });
    await recordPaymentEvent(db, { ...payment(PERSON, 'Quill Żephyr', 'cs_quill'), eventId: 'evt_q1', status: 'pending' }, at);
    await recordPaymentEvent(db, { ...payment(PERSON, 'Quill Żephyr', 'cs_quill'), eventId: 'evt_q2', status: 'paid' }, at);
    await db
      .insertInto('invites')
      .values({
        id: newId(),
        token_hash: 'c'.repeat(64),
        email: PERSON,
        role: 'editor',
        invited_by: 'admin',
        created_at: at.toISOString(),
        expires_at: at.toISOString(),
        accepted_at: null,
      })
      .execute();
    // Other people: one names the person's address in a message; one has a look-alike address.
    const others = {
      jane: await recordLead(db, application('Jane Builder', 'jane@example.com'), at),
      pat: await recordLead(db, contact('Pat Friend', 'pat@example.net', `Please also write to my wife at ${PERSON}.`), at),
      lookalike: await recordLead(db, lead('ebook', { name: 'Xavier Lookalike', email: `x.${PERSON}` }), at),
    };
    await recordPaymentEvent(
      db,
      { ...payment('jane@example.com', 'Jane Builder', 'cs_jane'), eventId: 'evt_j1', status: 'paid' },
      at,
    );
    await deliverAll(db, at);
    return { ...engine, person, others };
  }

  it("exports everything of the person's e-mail address and nothing of anyone else's", async () => {
    const { db, person, others } = await setup();
    const data = await exportPersonData(db, personEmailSchema.parse(` ${PERSON.toUpperCase()} `), NOW);

    expect(data.email).toBe('quill.zephyr@example.org');
    expect(data.leads.map((l) => l.id).sort()).toEqual(
      Object.values(person)
        .map((p) => p.id)
        .sort(),
    );
    const application = data.leads.find((l) => l.id === person.application.id)!;
    expect(application.fields).toMatchObject({ borrowerName: 'Quill Żephyr', monthlyIncome: '18500', creditScore: '760' });
    // Each lead's notification and the payment's, with their delivery attempts (sent ones: refused once, then sent).
    expect(data.notifications).toHaveLength(4);
    const sent = data.notifications.filter((n) => n.status === 'sent');
    expect(sent).toHaveLength(3);
    for (const n of sent) expect(n.attempt_log).toHaveLength(2);
    expect(data.notifications.find((n) => n.subject_type === 'payment')).toMatchObject({ payload: { fromEmail: PERSON } });
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0]).toMatchObject({ customer_email: PERSON, status: 'paid', amount: 49500 });
    expect((data.payments[0]!.events as { id: string }[]).map((e) => e.id).sort()).toEqual(['evt_q1', 'evt_q2']);
    expect(data.invites).toEqual([expect.objectContaining({ email: PERSON, role: 'editor' })]);
    expect(JSON.stringify(data)).not.toContain('token_hash');

    const text = JSON.stringify(data);
    for (const foreign of [
      'jane@example.com',
      'Jane Builder',
      'pat@example.net',
      'Pat Friend',
      'Xavier',
      'cs_jane',
      others.pat.id,
      others.jane.id,
    ])
      expect(text, foreign).not.toContain(foreign);
  });

  it("deletes the person's data: no row of any table still holds the address, in any case", async () => {
    const engine = await setup();
    const { db, person, others } = engine;
    const ftsHolds = async (bytes: string) => {
      if (!engine.path) return false;
      const rows = await sql<{ block: Uint8Array | null }>`select block from leads_search_fts_data`.execute(db);
      return rows.rows.some((r) => r.block && Buffer.from(r.block).includes(Buffer.from(bytes)));
    };
    // The FTS index holds the person's search terms ('żep' stands at the start of a term, unabridged).
    if (engine.path) expect(await ftsHolds('żep')).toBe(true);
    const before = await scanDatabase(db, holdsPerson);
    expect(new Set(before.hits.map((h) => h.table))).toEqual(
      new Set([
        'leads',
        'notifications',
        'notification_attempts',
        'payments',
        'invites',
        ...(engine.path ? ['leads_search_fts'] : []),
      ]),
    );

    const counts = await deletePersonData(db, personEmailSchema.parse(PERSON), (trx, deleted) =>
      recordActivity(trx, { actor: { id: 'admin', label: 'admin' }, action: 'privacy_deleted', detail: { ...deleted } }),
    );

    expect(counts).toEqual({
      leads: 3,
      loanFiles: 0,
      documents: 0,
      notifications: 4,
      notificationAttempts: 6,
      payments: 1,
      paymentEvents: 2,
      invites: 1,
      drafts: 0,
      signInSteps: 0,
      consentEvents: 0,
      mentions: 2,
    });
    const after = await scanDatabase(db, holdsPerson);
    expect(after.tables).toEqual(expect.arrayContaining(['activity_log', 'leads', 'payment_events']));
    if (engine.path) expect(after.tables).toEqual(expect.arrayContaining(['leads_search_fts_data', 'leads_search_fts_idx']));
    expect(after.hits).toEqual([]);
    expect(await ftsHolds('żep')).toBe(false);
    expect((await searchLeads(db, leadFilterSchema.parse({ q: '208-555-0199' }))).total).toBe(0);
    if (engine.path) {
      // Nor any page of the database's files: deleted cells were zeroed and the log checkpointed.
      for (const file of [engine.path, `${engine.path}-wal`])
        if (existsSync(file)) expect(holdsPerson(readFileSync(file).toString('latin1')), file).toBe(false);
    }

    // Everyone else's records stay; the message that named the address no longer does.
    const kept = (await db.selectFrom('leads').select('id').execute()).map((r) => r.id).sort();
    expect(kept).toEqual(
      Object.values(others)
        .map((o) => o.id)
        .sort(),
    );
    const pat = await db.selectFrom('leads').select('fields').where('id', '=', others.pat.id).executeTakeFirstOrThrow();
    expect(JSON.parse(pat.fields)).toMatchObject({
      message: 'Please also write to my wife at [e-mail deleted].',
      from_email: 'pat@example.net',
    });
    expect(await notificationsOf(db, others.pat.id)).toHaveLength(1);
    expect((await db.selectFrom('payments').select('customer_email').execute()).map((p) => p.customer_email)).toEqual([
      'jane@example.com',
    ]);
    expect((await db.selectFrom('payment_events').select('id').execute()).map((e) => e.id)).toEqual(['evt_j1']);
    expect(person.application.id).not.toBe(others.jane.id);

    const entry = await db
      .selectFrom('activity_log')
      .selectAll()
      .where('action', '=', 'privacy_deleted')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.detail)).toEqual(counts);
    // A second request finds nothing left.
    expect((await exportPersonData(db, personEmailSchema.parse(PERSON))).counts).toEqual({
      leads: 0,
      loanFiles: 0,
      documents: 0,
      notifications: 0,
      notificationAttempts: 0,
      payments: 0,
      paymentEvents: 0,
      invites: 0,
      drafts: 0,
      signInSteps: 0,
      consentEvents: 0,
      mentions: 0,
    });
  });
});

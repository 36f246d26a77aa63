import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { engineOf } from '../../lib/db/engine';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { leadFilterSchema } from '../../lib/leads/admin/filter';
import { deleteLead, markNotSpam, updateLead } from '../../lib/leads/admin/mutations.server';
import { searchLeads } from '../../lib/leads/admin/queries.server';
import type { LeadChange } from '../../lib/leads/lead-events.server';
import { boardColumns } from '../../lib/leads/pipeline/board.server';
import { queueDailyDigests } from '../../lib/leads/pipeline/digest.server';
import { listStatusHistory } from '../../lib/leads/pipeline/status-history.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { smtpTransport } from '../../lib/notifications/transports/smtp.server';
import { emptyCounts, purgeExpired } from '../../lib/retention/purge.server';
import { testEngines } from '../support/engines';
import { recordLead } from '../support/leads';
import { startSmtp } from '../support/mail';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * Working the leads (issue 18): every status change is kept with its time, actor and lost reason,
 * every lead mutation tells leadUpdated(); the Due today / Overdue / Assigned filters and the
 * board read the pipeline columns; the daily digest is queued once per UTC day across instances,
 * to each account that works leads and wants it, listing its overdue follow-ups.
 */

const events = vi.hoisted(() => [] as LeadChange[]);
vi.mock('../../lib/leads/lead-events.server', () => ({
  leadUpdated: async (_trx: unknown, change: LeadChange) => void events.push(change),
}));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  events.length = 0;
});

interface Engine {
  db: DB;
  /** Another instance's handle on the same database. */
  second: () => DB;
}

const engines = testEngines<Engine>(
  async () => {
    const handle = tempSqlite();
    cleanups.push(handle.cleanup);
    return { db: handle.db, second: () => other(connect({ kind: 'sqlite', path: handle.path })) };
  },
  async (adminUrl) => {
    const handle = await tempPostgres(adminUrl);
    cleanups.push(handle.cleanup);
    return { db: handle.db, second: () => other(connect({ kind: 'postgres', url: handle.url })) };
  },
);
function other(db: DB): DB {
  cleanups.push(() => db.destroy());
  return db;
}

const NOW = new Date('2026-11-22T09:00:00.000Z');
const TODAY = '2026-11-22';
const owner = { id: 'admin', label: 'admin' };
const officer = { id: 'lo1', label: 'lo@example.com' };

async function addAccount(db: DB, id: string, role: string, email: string | null, wantsDigest = 1) {
  const stamp = NOW.toISOString();
  await db
    .insertInto('admin_users')
    .values({ id, email, name: id, role, password_hash: 'x', wants_digest: wantsDigest, created_at: stamp, updated_at: stamp })
    .execute();
}

async function addLead(db: DB, name: string, spam = false) {
  const { id } = await recordLead(
    db,
    {
      kind: 'contact',
      fields: { from_name: name, from_email: `${name.toLowerCase()}@example.com`, phone: '', message: 'hi' },
      page: '/contact',
      consent: false,
      spamReason: spam ? 'honeypot' : null,
      clientAddress: '203.0.113.9',
      userAgent: 'test',
    },
    new Date(NOW.getTime() - 86_400_000),
  );
  return id;
}

const filter = (input: Record<string, unknown>) => ({ ...leadFilterSchema.parse(input), me: officer.id, today: TODAY });
const names = async (db: DB, input: Record<string, unknown>) =>
  (await searchLeads(db, filter(input), 100)).leads.map((l) => l.name).sort();

describe.each(engines)('the lead pipeline on %s', (_name, open) => {
  it('keeps every status change with its actor and lost reason, and tells leadUpdated of every change', async () => {
    const { db } = await open();
    await migrateToLatest(db);
    const id = await addLead(db, 'Spammy', true);

    expect(await markNotSpam(db, id, new Date('2026-11-22T09:01:00Z'), owner)).toBe('queued');
    await updateLead(db, id, { status: 'contacted', notes: 'Called.' }, new Date('2026-11-22T09:02:00Z'), officer);
    // No change: no history, no notice.
    await updateLead(db, id, { status: 'contacted', notes: 'Called.' }, new Date('2026-11-22T09:03:00Z'), officer);
    await updateLead(db, id, { status: 'contacted', assigneeId: officer.id, followUpOn: '2026-11-25' }, NOW, officer);
    await updateLead(db, id, { status: 'lost', lostReason: 'Chose a bank.' }, new Date('2026-11-22T09:04:00Z'), owner);
    expect(await db.selectFrom('leads').select(['lost_reason', 'notes']).where('id', '=', id).executeTakeFirst()).toEqual({
      lost_reason: 'Chose a bank.',
      notes: 'Called.',
    });
    await updateLead(db, id, { status: 'spam' }, new Date('2026-11-22T09:05:00Z'), owner);

    expect(await listStatusHistory(db, id)).toEqual([
      { from: 'spam', to: 'new', reason: null, actor: 'admin', at: '2026-11-22T09:01:00.000Z' },
      { from: 'new', to: 'contacted', reason: null, actor: 'lo@example.com', at: '2026-11-22T09:02:00.000Z' },
      { from: 'contacted', to: 'lost', reason: 'Chose a bank.', actor: 'admin', at: '2026-11-22T09:04:00.000Z' },
      { from: 'lost', to: 'spam', reason: null, actor: 'admin', at: '2026-11-22T09:05:00.000Z' },
    ]);
    expect(events.map((e) => [e.leadId, e.changed])).toEqual([
      [id, ['status']],
      [id, ['status', 'notes']],
      [id, ['assignee', 'followUpOn']],
      [id, ['status', 'lostReason']],
      [id, ['status', 'lostReason']],
    ]);
    // Leaving 'lost' clears the reason on the lead; the history keeps it.
    expect(await db.selectFrom('leads').select(['lost_reason', 'is_spam']).where('id', '=', id).executeTakeFirst()).toEqual({
      lost_reason: null,
      is_spam: 1,
    });

    // A deleted lead takes its history with it.
    expect(await deleteLead(db, id)).toBe(true);
    expect(await listStatusHistory(db, id)).toEqual([]);
  });

  it('filters by follow-up (UTC days) and assignee, and lays the board out by status', async () => {
    const { db } = await open();
    await migrateToLatest(db);
    await addAccount(db, officer.id, 'loan_officer', 'lo@example.com');
    const plan: [string, string, string | null, string | null][] = [
      ['Ann', 'contacted', '2026-11-21', officer.id], // overdue, mine
      ['Ben', 'new', '2026-11-22', null], // due today, unassigned
      ['Cat', 'won', '2026-11-01', officer.id], // past but closed: not overdue
      ['Dan', 'qualified', '2026-11-30', 'admin'], // later
      ['Eve', 'new', null, null],
    ];
    for (const [name, status, followUpOn, assigneeId] of plan) {
      const id = await addLead(db, name);
      await updateLead(db, id, { status, followUpOn, assigneeId }, NOW, owner);
    }
    await addLead(db, 'Spam', true);

    expect(await names(db, { due: 'overdue' })).toEqual(['Ann']);
    expect(await names(db, { due: 'today' })).toEqual(['Ben']);
    expect(await names(db, { assignee: 'me' })).toEqual(['Ann', 'Cat']);
    expect(await names(db, { assignee: 'none' })).toEqual(['Ben', 'Eve']);
    expect(await names(db, { assignee: 'me', due: 'overdue' })).toEqual(['Ann']);
    // Without a signed-in account 'me' is nobody.
    expect((await searchLeads(db, { ...leadFilterSchema.parse({ assignee: 'me' }) })).total).toBe(0);

    const board = await boardColumns(db, filter({}));
    expect(board.map((c) => [c.status, c.total, c.cards.map((card) => card.name)])).toEqual([
      ['new', 2, ['Eve', 'Ben']],
      ['contacted', 1, ['Ann']],
      ['qualified', 1, ['Dan']],
      ['application', 0, []],
      ['won', 1, ['Cat']],
      ['lost', 0, []],
    ]);
    expect((await boardColumns(db, filter({ assignee: 'me' }))).map((c) => c.total)).toEqual([0, 1, 0, 0, 1, 0]);
    expect((await boardColumns(db, filter({ status: 'won' }))).map((c) => c.status)).toEqual(['won']);
    expect((await boardColumns(db, filter({}), 1))[0]).toMatchObject({ total: 2, cards: [{ name: 'Eve' }] });
  });

  it('queues the daily digest once per UTC day, per account, with its overdue follow-ups', async () => {
    const { db, second } = await open();
    await migrateToLatest(db);
    await addAccount(db, 'admin', 'owner', null);
    await addAccount(db, officer.id, 'loan_officer', 'lo@example.com');
    await addAccount(db, 'lo2', 'loan_officer', 'quiet@example.com', 0); // turned it off
    await addAccount(db, 'ed1', 'editor', 'ed@example.com'); // does not work leads
    await addAccount(db, 'lo3', 'loan_officer', 'idle@example.com'); // nothing overdue
    const plan: [string, string, string, string | null][] = [
      ['Ann', 'contacted', '2026-11-20', officer.id],
      ['Ben', 'new', '2026-11-21', null],
      ['Cat', 'lost', '2026-11-01', officer.id],
      ['Dan', 'new', '2026-11-19', 'lo2'],
      ['Fay', 'application', '2026-11-22', officer.id], // due today: not overdue yet
      ['Gus', 'qualified', '2026-11-18', 'admin'],
    ];
    for (const [name, status, followUpOn, assigneeId] of plan) {
      const id = await addLead(db, name);
      await updateLead(db, id, { status, followUpOn, assigneeId, lostReason: 'x' }, NOW, owner);
    }

    // Two instances check at once: one queues the day's digests. (On SQLite one after the other:
    // better-sqlite3 is synchronous, so two handles in one process cannot wait for each other's
    // transaction; separate processes do.)
    const check = (handle: DB) => queueDailyDigests(handle, { now: NOW, siteUrl: 'https://loans.example' });
    const runs =
      engineOf(db) === 'postgres' ? await Promise.all([check(db), check(second())]) : [await check(db), await check(second())];
    expect(runs.filter((r) => r.ran)).toEqual([{ ran: true, queued: 2 }]);
    expect(await queueDailyDigests(db, { now: new Date('2026-11-22T23:00:00Z'), siteUrl: 'x' })).toEqual({
      ran: false,
      queued: 0,
    });

    const rows = await db
      .selectFrom('notifications')
      .select(['subject_type', 'subject_id', 'channel', 'recipient', 'status', 'payload'])
      .where('subject_type', '=', 'digest')
      .orderBy('recipient')
      .execute();
    expect(rows.map(({ payload: _, ...row }) => row)).toEqual([
      { subject_type: 'digest', subject_id: '2026-11-22:admin', channel: 'email', recipient: 'user:admin', status: 'waiting' },
      { subject_type: 'digest', subject_id: '2026-11-22:lo1', channel: 'email', recipient: 'user:lo1', status: 'waiting' },
    ]);
    const [ownerMail, officerMail] = rows.map((r) => JSON.parse(r.payload) as NotificationMessage);
    // The owner's goes to MAIL_TO (no `to`), with its own and the unassigned follow-ups, oldest first.
    expect(ownerMail!.to).toBeUndefined();
    expect(ownerMail!.subject).toBe('2 overdue follow-ups (2026-11-22)');
    expect(ownerMail!.text).toMatch(
      /- Gus \(Contact form, Qualified\): follow-up was due 2026-11-18\n- Ben .*2026-11-21, unassigned/,
    );
    expect(ownerMail!.text).toContain('https://loans.example/admin/leads?due=overdue');
    expect(officerMail!.to).toBe('lo@example.com');
    expect(officerMail!.subject).toBe('1 overdue follow-up (2026-11-22)');
    expect(officerMail!.text).toContain('- Ann (Contact form, Contacted): follow-up was due 2026-11-20');
    expect(officerMail!.text).not.toMatch(/Cat|Fay|Dan|Ben/);
    expect(officerMail!.text).toContain('https://loans.example/admin/leads?due=overdue&assignee=me');

    // Delivered through a real SMTP peer: the owner's to MAIL_TO, the loan officer's to their address.
    const smtp = await startSmtp();
    cleanups.push(smtp.stop);
    const transport = smtpTransport({ url: smtp.url, from: 'Website <web@example.com>', to: 'broker@example.com' });
    cleanups.push(async () => transport.close?.());
    await deliverDue(db, transport, { info: vi.fn(), warn: vi.fn() }, () => NOW);
    const digests = smtp.mails.filter((m) => m.headers.subject?.includes('follow-up'));
    expect(digests.map((m) => [m.to, m.headers.subject]).sort()).toEqual([
      [['broker@example.com'], '2 overdue follow-ups (2026-11-22)'],
      [['lo@example.com'], '1 overdue follow-up (2026-11-22)'],
    ]);

    // The next day runs again.
    const next = await queueDailyDigests(second(), { now: new Date('2026-11-23T00:30:00Z'), siteUrl: 'x' });
    expect(next).toEqual({ ran: true, queued: 2 });

    // The retention job deletes digests (they name leads) 30 days on, with their attempts.
    const digestCount = async () =>
      (await db.selectFrom('notifications').select('id').where('subject_type', '=', 'digest').execute()).length;
    await purgeExpired(db, { now: new Date('2026-12-22T08:59:59Z'), leadMonths: 24, activityLogMonths: 24 });
    expect(await digestCount()).toBe(4);
    const counts = emptyCounts();
    await purgeExpired(db, { now: new Date('2026-12-22T09:00:01Z'), leadMonths: 24, activityLogMonths: 24 }, counts);
    expect(counts).toMatchObject({ notifications: 2, notificationAttempts: 2, leads: 0 });
    expect(await digestCount()).toBe(2); // the next day's, a day younger
  });
});

import { Migrator } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { migrations } from '../../lib/db/migrations';
import { saveDraft } from '../../lib/drafts/drafts.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { openPayload } from '../../lib/notifications/sealed-payload.server';
import { smtpTransport } from '../../lib/notifications/transports/smtp.server';
import { acceptInvite } from '../../lib/team/accept-invite.server';
import { createInvite } from '../../lib/team/invites.server';
import { emptyEngines } from '../support/engines';
import { startSmtp } from '../support/mail';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 11).toString('base64');
});

/**
 * The tokens in invitation and resume links (issue 28, finding 9): with the token in clear in
 * notifications.payload, anyone with a copy of the database could accept a pending owner
 * invitation or open a visitor's saved application. Now the token is sealed with SECRET_KEY until
 * the e-mail goes out (to a real SMTP peer here), and gone from the database once it has;
 * migration 0015 takes it out of the e-mails sent before.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = 'https://loans.example.com';
const log = { info: vi.fn(), warn: vi.fn() };

/** Every text column of the outbox's rows, as a copy of the database shows them. */
async function outboxText(db: DB): Promise<string> {
  const rows = await db.selectFrom('notifications').selectAll().execute();
  const attempts = await db.selectFrom('notification_attempts').selectAll().execute();
  return JSON.stringify([rows, attempts]);
}

describe.each(emptyEngines)('link tokens in the outbox on %s', (_engine, open) => {
  async function database(migrate = true): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    if (migrate) await migrateToLatest(handle.db);
    return handle.db;
  }

  it('keeps an invitation’s and a resume link’s token sealed until sent, and drops it once sent', async () => {
    const db = await database();
    const smtp = await startSmtp();
    cleanups.push(smtp.stop);
    const invite = await db
      .transaction()
      .execute((trx) => createInvite(trx, { email: 'owner2@example.com', role: 'owner', invitedBy: 'admin', siteUrl: SITE }));
    const draft = await db.transaction().execute((trx) =>
      saveDraft(
        trx,
        {
          email: 'jane@example.com',
          values: { projectDescription: 'A house' },
          step: 0,
          clientAddress: '203.0.113.7',
          siteUrl: SITE,
        },
        { perAddress: 5, windowMinutes: 10, mailsPerDraft: 3, mailsPerRecipient: 3, mailsPerDay: 200 },
      ),
    );
    if (!invite.ok || !draft.ok) throw new Error('not created');

    // At rest, before sending: neither token anywhere in the outbox.
    const waiting = await outboxText(db);
    expect(waiting).not.toContain(invite.token);
    expect(waiting).not.toContain(draft.token);
    expect(waiting).toContain('{{sealed}}');

    const transport = smtpTransport({ url: smtp.url, from: 'web@loans.example', to: 'broker@loans.example' });
    cleanups.push(async () => transport.close?.());
    expect(await deliverDue(db, transport, log)).toBe(2);
    const byRecipient = Object.fromEntries(smtp.mails.map((m) => [m.to[0], m.text]));
    expect(byRecipient['owner2@example.com']).toContain(`${SITE}/invite/${invite.token}`);
    expect(byRecipient['jane@example.com']).toContain(`${SITE}/apply?resume=${draft.token}`);

    // Sent: the sealed token is dropped too; the message itself stays in the log.
    const rows = await db.selectFrom('notifications').select(['status', 'sealed_secret']).execute();
    expect(rows).toEqual([
      { status: 'sent', sealed_secret: null },
      { status: 'sent', sealed_secret: null },
    ]);
    expect(await outboxText(db)).not.toMatch(new RegExp(`${invite.token}|${draft.token}`));
    // The link still works for the invitee, who has it in their mailbox.
    const accepted = await db
      .transaction()
      .execute((trx) => acceptInvite(trx, { token: invite.token, name: 'Second Owner', passwordHash: 'scrypt$x' }));
    expect(accepted.ok).toBe(true);
  });

  it('migration 0015 takes the tokens out of invitation and resume e-mails already sent, and leaves unsent ones to be sent', async () => {
    const db = await database(false);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('0013_drafts');
    if (before.error) throw before.error;
    const stamp = '2026-11-20T10:00:00.000Z';
    const token = (c: string) => c.repeat(43);
    const mail = (id: string, subject: string, status: string, text: string) => ({
      id,
      subject_type: subject,
      subject_id: `${subject}-1`,
      channel: 'email',
      recipient: subject === 'invite' ? 'invitee' : 'visitor',
      payload: JSON.stringify({ subject: 'Hi', text, fromName: '', fromEmail: '', to: 'x@example.com' }),
      status,
      attempts: status === 'sent' ? 1 : 0,
      next_attempt_at: status === 'sent' ? null : stamp,
      sent_at: status === 'sent' ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    });
    await db
      .insertInto('notifications')
      .values([
        mail('n-invite', 'invite', 'sent', `Open this link:\n${SITE}/invite/${token('a')}\n`),
        mail('n-draft', 'draft', 'sent', `Continue:\n${SITE}/apply?resume=${token('b')}\n`),
        mail('n-waiting', 'invite', 'waiting', `Open this link:\n${SITE}/invite/${token('c')}\n`),
        mail('n-lead', 'lead', 'sent', `A lead wrote: see ${SITE}/invite/${token('d')}`),
      ])
      .execute();

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'payload', 'claimed_until', 'sealed_secret'])
      .orderBy('id')
      .execute();
    // A lead's payload is sealed whole (lib/notifications/sealed-payload.server.ts): opened here.
    const text = (id: string) => (JSON.parse(openPayload(rows.find((r) => r.id === id)!)!) as { text: string }).text;
    expect(text('n-invite')).toBe(`Open this link:\n${SITE}/invite/[removed once sent]\n`);
    expect(text('n-draft')).toBe(`Continue:\n${SITE}/apply?resume=[removed once sent]\n`);
    expect(text('n-waiting')).toContain(token('c'));
    // A lead's own words are the lead's: untouched.
    expect(text('n-lead')).toContain(token('d'));
    expect(rows.every((r) => r.claimed_until === null && r.sealed_secret === null)).toBe(true);
  });
});

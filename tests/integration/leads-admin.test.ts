import { afterAll, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { leadFilterSchema, type LeadFilter } from '../../lib/leads/admin/filter';
import { deleteLead, markNotSpam, retryNotification, updateLead } from '../../lib/leads/admin/mutations.server';
import { exportLeads, searchLeads } from '../../lib/leads/admin/queries.server';
import { getLead, listNotificationAttempts } from '../../lib/leads/queries.server';
import { countTroubled } from '../../lib/notifications/queries.server';
import { engines, seededDatabases } from '../support/engines';
import { generateLeads, insertLeads } from '../support/generate-leads';
import { recordLead } from '../support/leads';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const filter = (input: Record<string, unknown> = {}): LeadFilter => leadFilterSchema.parse(input);
const ids = (page: { leads: { id: string }[] }) => page.leads.map((l) => l.id);

describe.each(engines)('leads database on %s', (_name, open) => {
  const database = seededDatabases(cleanups, open);
  let db: DB;
  const leads = generateLeads(300);
  const inbox = leads.filter((l) => !l.isSpam);

  it('lists newest first with kind, status, search, date range and paging', async () => {
    db = await database();
    await insertLeads(db, leads, 97);

    const all = await searchLeads(db, filter(), 25);
    expect(all.total).toBe(inbox.length);
    expect(ids(all)).toEqual(inbox.slice(0, 25).map((l) => l.id));
    expect(all.spamCount).toBe(leads.length - inbox.length);
    expect(all.leads[0]!.notification).toEqual({ status: 'sent', lastError: null });

    const page3 = await searchLeads(db, filter({ page: 3 }), 25);
    expect(ids(page3)).toEqual(inbox.slice(50, 75).map((l) => l.id));

    const contactNew = inbox.filter((l) => l.kind === 'contact' && l.status === 'new');
    const byKindStatus = await searchLeads(db, filter({ kind: 'contact', status: 'new' }), 1000);
    expect(ids(byKindStatus)).toEqual(contactNew.map((l) => l.id));

    // Name (any case), e-mail, phone as typed or as digits.
    const target = inbox[123]!;
    for (const q of [target.name.toUpperCase(), target.email, target.phone, target.phone.replace(/\D/g, '')]) {
      const found = await searchLeads(db, filter({ q }), 1000);
      expect(ids(found), q).toContain(target.id);
      expect(
        found.leads.every(
          (l) =>
            l.name.toLowerCase().includes(target.name.toLowerCase().split(' ')[0]!) ||
            l.phone.replace(/\D/g, '').includes(target.phone.replace(/\D/g, '')) ||
            l.email.includes(target.email),
        ),
      ).toBe(true);
    }
    // LIKE wildcards are searched literally.
    expect((await searchLeads(db, filter({ q: '%' }))).total).toBe(0);
    expect((await searchLeads(db, filter({ q: '_' }))).total).toBe(0);

    // Dates are UTC days, both ends inclusive. Lead i is i minutes old: 2026-11-21 12:00 down to ~07:01.
    const day = await searchLeads(db, filter({ from: '2026-11-21', to: '2026-11-21' }), 1000);
    expect(day.total).toBe(inbox.length);
    expect((await searchLeads(db, filter({ to: '2026-11-20' }))).total).toBe(0);
    expect((await searchLeads(db, filter({ from: '2026-11-22' }))).total).toBe(0);

    // The spam folder.
    const spam = await searchLeads(db, filter({ status: 'spam' }), 1000);
    expect(ids(spam)).toEqual(leads.filter((l) => l.isSpam).map((l) => l.id));
  });

  it('exports the whole filter in keyset batches, newest first', async () => {
    const rows = [];
    for await (const row of exportLeads(db, filter({ kind: 'ebook' }), 7)) rows.push(row.id);
    expect(rows).toEqual(inbox.filter((l) => l.kind === 'ebook').map((l) => l.id));
  });

  it('saves status and notes, moves leads to and from spam, retries and deletes', async () => {
    const now = new Date('2026-11-22T00:00:00.000Z');
    const { id } = await recordLead(
      db,
      {
        kind: 'contact',
        fields: { from_name: 'Spammy Sam', from_email: 'sam@example.com', phone: '', message: 'hi' },
        page: '/contact',
        consent: false,
        spamReason: 'honeypot',
        clientAddress: '198.51.100.4',
        userAgent: 't',
      },
      now,
    );
    expect(await getLead(db, id)).toMatchObject({ status: 'spam', isSpam: true, notification: { status: 'skipped' } });
    expect(ids(await searchLeads(db, filter({ status: 'spam', q: 'spammy' })))).toEqual([id]);

    expect(await markNotSpam(db, id, now)).toBe('queued');
    expect(await getLead(db, id)).toMatchObject({
      status: 'new',
      isSpam: false,
      spamReason: null,
      notification: { status: 'waiting', nextAttemptAt: now.toISOString() },
    });
    expect(await markNotSpam(db, id, now)).toBe('unchanged');

    expect(await updateLead(db, id, { status: 'contacted', notes: 'Called, call back Monday.\nPrefers text.' })).toMatchObject({
      queued: false,
    });
    expect(await getLead(db, id)).toMatchObject({ status: 'contacted', notes: 'Called, call back Monday.\nPrefers text.' });

    await updateLead(db, id, { status: 'spam', notes: 'bot' });
    expect(await getLead(db, id)).toMatchObject({
      status: 'spam',
      isSpam: true,
      spamReason: 'owner',
      notification: { status: 'skipped' },
    });
    expect(await updateLead(db, id, { status: 'qualified', notes: '' })).toMatchObject({ queued: true });
    expect(await getLead(db, id)).toMatchObject({ status: 'qualified', isSpam: false, notification: { status: 'waiting' } });

    // Retry: a failed notification becomes failing and due now.
    const notice = await db
      .updateTable('notifications')
      .set({ status: 'failed', last_error: '550 no', next_attempt_at: null })
      .where('subject_type', '=', 'lead')
      .where('subject_id', '=', id)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('notification_attempts')
      .values({
        id: 'attempt1',
        notification_id: notice.id,
        attempted_at: now.toISOString(),
        transport: 'smtp',
        ok: 0,
        error: '550 no',
      })
      .execute();
    expect((await countTroubled(db)).lead).toEqual({ failing: 0, failed: 1 });
    const later = new Date('2026-11-23T00:00:00.000Z');
    expect(await retryNotification(db, id, later)).toBe(true);
    expect(await getLead(db, id)).toMatchObject({
      notification: { status: 'failing', nextAttemptAt: later.toISOString(), lastError: '550 no' },
    });
    expect((await countTroubled(db)).lead).toEqual({ failing: 1, failed: 0 });
    expect(await retryNotification(db, leads[0]!.id)).toBe(false); // already sent

    expect(await listNotificationAttempts(db, id)).toHaveLength(1);

    // A privacy request: the lead goes with its notification and every attempt (no cascade does it).
    expect(await deleteLead(db, id)).toBe(true);
    expect(await getLead(db, id)).toBeNull();
    expect(await deleteLead(db, id)).toBe(false);
    expect(await db.selectFrom('notifications').select('id').where('subject_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('notification_attempts').select('id').where('notification_id', '=', notice.id).execute()).toEqual(
      [],
    );
    expect(await getLead(db, leads[0]!.id)).toMatchObject({ notification: { status: 'sent' } });
  });
});

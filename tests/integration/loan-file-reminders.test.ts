import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { fileForBuilderToken, updateBuilder } from '../../lib/loan-files/builder.server';
import { openLoanFile } from '../../lib/loan-files/files.server';
import { markUploaded } from '../../lib/loan-files/items.server';
import { leadLogSubjects } from '../../lib/loan-files/mail.server';
import { queueDueReminders } from '../../lib/loan-files/reminders.server';
import { readReminderSettings, saveReminderSettings } from '../../lib/loan-files/reminder-settings.server';
import type { LoanFile } from '../../lib/loan-files/types';
import { subjectDeliveries } from '../../lib/notifications/deliveries.server';
import { payloadToSend } from '../../lib/notifications/delivery.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { engines } from '../support/engines';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';

/**
 * The reminders of outstanding items on a real database (issue 30, point 8): one e-mail per person
 * after the interval, listing what they owe, never at night where the house is (Boise, UTC-7),
 * never twice a day even from two instances at once, none once the items arrive, and each in the
 * lead's delivery log.
 */

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 31).toString('base64');
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = 'https://loans.example.com';
// 5:00 in Boise.
const OPENED = new Date('2026-11-22T12:00:00.000Z');
/** `days` after the file opened, at `hour` o'clock in Boise (UTC-7 in November). */
const boise = (days: number, hour: number) => new Date(Date.UTC(2026, 10, 22 + days, hour + 7));

const application = { ...fullApplication, ownLand: 'yes', landBalance: '45000.50', builderStatus: 'have-builder' };

async function mails(db: DB): Promise<(NotificationMessage & { subjectId: string })[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'payload', 'sealed_secret', 'recipient', 'subject_id'])
    .where('subject_type', '=', 'loan-file')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...(payloadToSend(row) as { payload: NotificationMessage }).payload, subjectId: row.subject_id }));
}

describe.each(engines)('loan file reminders on %s', (_engine, open) => {
  async function openedFile(): Promise<{ db: DB; file: LoanFile }> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    const { id } = await recordLead(
      handle.db,
      {
        kind: 'application',
        fields: application,
        page: '/apply',
        consent: false,
        spamReason: null,
        clientAddress: '203.0.113.7',
        userAgent: 'test',
      },
      OPENED,
    );
    const { file } = await openLoanFile(handle.db, id, { by: 'admin', now: OPENED });
    return { db: handle.db, file };
  }

  const remind = (db: DB, at: Date) => queueDueReminders(db, at, { siteUrl: SITE });

  it('reminds the borrower once after the interval, in their daytime, and lists what they owe', async () => {
    const { db, file } = await openedFile();
    expect(await readReminderSettings(db)).toEqual({ reminderDays: 3 });

    expect(await remind(db, boise(2, 12))).toEqual({ queued: 0 }); // too soon
    expect(await remind(db, boise(3, 6))).toEqual({ queued: 0 }); // the interval has passed, but it is 6:00 in Boise
    expect(await remind(db, boise(3, 20))).toEqual({ queued: 0 }); // and 20:00
    // Two instances checking the same hour: one reminder.
    const [first, second] = await Promise.all([remind(db, boise(3, 9)), remind(db, boise(3, 9))]);
    expect(first.queued + second.queued).toBe(1);

    const sent = await mails(db);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'jane@example.com', subjectId: file.id });
    expect(sent[0]!.text).toContain(`${SITE}/portal`);
    for (const item of file.items.filter((i) => i.owedBy === 'borrower')) expect(sent[0]!.text).toContain(`- ${item.label}`);
    // No builder address yet: the builder's items are the owner's to chase.
    for (const item of file.items.filter((i) => i.owedBy === 'builder')) expect(sent[0]!.text).not.toContain(item.label);

    // Not twice the same day, nor before the interval has passed again.
    expect(await remind(db, boise(3, 15))).toEqual({ queued: 0 });
    expect(await remind(db, boise(5, 12))).toEqual({ queued: 0 });
    expect(await remind(db, boise(6, 9))).toEqual({ queued: 1 });
    expect(await mails(db)).toHaveLength(2);

    // The file's place in the admin's list is not moved by a reminder.
    const row = await db.selectFrom('loan_files').select('updated_at').where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(OPENED.toISOString());
  });

  it('stops reminding of an item once it arrives, and stops altogether once all have', async () => {
    const { db, file } = await openedFile();
    const owed = file.items.filter((i) => i.owedBy === 'borrower');
    await markUploaded(db, owed[0]!.id, boise(1, 12));
    expect(await remind(db, boise(3, 10))).toEqual({ queued: 1 });
    const [mail] = await mails(db);
    expect(mail!.text).not.toContain(`- ${owed[0]!.label}`);
    expect(mail!.text).toContain(`- ${owed[1]!.label}`);

    for (const item of owed.slice(1)) await markUploaded(db, item.id, boise(4, 12));
    expect(await remind(db, boise(7, 10))).toEqual({ queued: 0 });
    expect(await remind(db, boise(30, 10))).toEqual({ queued: 0 });
    expect(await mails(db)).toHaveLength(1);
  });

  it('reminds the builder apart, with a fresh link to their own items', async () => {
    const { db, file } = await openedFile();
    await updateBuilder(db, file.id, { name: 'Oak Homes', email: 'build@oak.example', license: '' }, OPENED);
    expect(await remind(db, boise(3, 10))).toEqual({ queued: 2 });
    const builderMail = (await mails(db)).find((m) => m.to === 'build@oak.example');
    const token = /\/portal\/builder\/([\w-]+)/.exec(builderMail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const view = await fileForBuilderToken(db, token!);
    expect(view?.fileId).toBe(file.id);
    expect(view?.items.every((i) => i.owedBy === 'builder')).toBe(true);
    for (const item of view!.items) expect(builderMail!.text).toContain(`- ${item.label}`);
  });

  it('sends nothing when the owner turns reminders off', async () => {
    const { db } = await openedFile();
    await saveReminderSettings(db, { reminderDays: 0 });
    expect(await remind(db, boise(10, 10))).toEqual({ queued: 0 });
    expect(await mails(db)).toHaveLength(0);
  });

  it('shows every reminder in the lead’s delivery log', async () => {
    const { db, file } = await openedFile();
    await remind(db, boise(3, 10));
    await remind(db, boise(6, 10));
    const log = await subjectDeliveries(db, await leadLogSubjects(db, file.leadId));
    const reminders = log.filter((d) => d.subjectId === file.id);
    expect(reminders).toHaveLength(2);
    expect(reminders.every((d) => d.channel === 'email' && d.recipient === 'visitor')).toBe(true);
    // The lead's own notifications are still there beside them.
    expect(log.some((d) => d.subjectId === file.leadId)).toBe(true);
  });
});

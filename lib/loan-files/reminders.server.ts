import 'server-only';
import type { DB } from '../db/connect.server';
import { builderUrl, issueBuilderToken } from './builder-token.server';
import { queueFileMail } from './mail.server';
import { reminderMessage } from './messages';
import { OUTSTANDING_STATES, reminderDue, type ReminderCandidate } from './reminder-due';
import { readReminderSettings } from './reminder-settings.server';
import { timeZoneOfAddress } from './time-zone';
import type { ItemState, OwedBy } from './types';

/**
 * Reminders of outstanding items (issue 30, point 8), run by the hourly check
 * (lib/retention/process-job.server.ts). Per file, the borrower and the builder (when the file
 * has the builder's address) each get at most one e-mail a local day, in the daytime where the
 * house is, once one of the items they owe (requested or rejected) has waited the owner's
 * interval; it lists every item they still owe. An item uploaded or accepted is owed no more.
 *
 * Several instances may check in the same hour: each reminder is claimed by moving the file's
 * `<person>_reminded_at` from the value read to now, in one conditional update inside the
 * transaction that queues the e-mail. Only one instance's update changes the row (PostgreSQL
 * re-checks the condition after the other's commit; SQLite has one writer), and the others skip.
 *
 * The builder's reminder carries a fresh builder link, which voids the one before: only its hash
 * is kept, so the old link cannot be put in a new e-mail, and a reminder without a working link
 * would send the builder looking for an old e-mail. The newest e-mail always opens the page.
 */

export interface ReminderOptions {
  /** The site's public address, for the links. */
  siteUrl: string;
}

const STAMP = { borrower: 'borrower_reminded_at', builder: 'builder_reminded_at' } as const;

interface OwedItem extends ReminderCandidate {
  id: string;
  label: string;
  owedBy: OwedBy;
}

interface Candidate {
  fileId: string;
  owedBy: OwedBy;
  to: string;
  propertyAddress: string;
  lastSentAt: string | null;
}

/** Queues the reminders due at `now`; returns how many. Wake the outbox after it when any. */
export async function queueDueReminders(db: DB, now: Date, options: ReminderOptions): Promise<{ queued: number }> {
  const { reminderDays } = await readReminderSettings(db);
  if (reminderDays <= 0) return { queued: 0 };
  let queued = 0;
  for (const candidate of await candidates(db)) {
    const zone = timeZoneOfAddress(candidate.propertyAddress);
    const items = await owedItems(db, candidate.fileId, candidate.owedBy);
    if (!reminderDue({ now, zone, intervalDays: reminderDays, lastSentAt: candidate.lastSentAt, items })) continue;
    if (await sendReminder(db, candidate, now, options)) queued++;
  }
  return { queued };
}

/** Each person who owes something outstanding on a file, with where to write and when they were last reminded. */
async function candidates(db: DB): Promise<Candidate[]> {
  const rows = await db
    .selectFrom('loan_files')
    .innerJoin('loan_file_items', 'loan_file_items.file_id', 'loan_files.id')
    .where('loan_file_items.state', 'in', OUTSTANDING_STATES)
    .select([
      'loan_files.id',
      'loan_file_items.owed_by',
      'loan_files.borrower_email',
      'loan_files.builder_email',
      'loan_files.property_address',
      'loan_files.borrower_reminded_at',
      'loan_files.builder_reminded_at',
    ])
    .distinct()
    .orderBy('loan_files.id')
    .execute();
  const found: Candidate[] = [];
  for (const row of rows) {
    const owedBy: OwedBy = row.owed_by === 'builder' ? 'builder' : 'borrower';
    const to = owedBy === 'borrower' ? row.borrower_email : row.builder_email;
    // No builder address yet: the owner tells the builder, as with a rejection.
    if (!to) continue;
    const lastSentAt = owedBy === 'borrower' ? row.borrower_reminded_at : row.builder_reminded_at;
    found.push({ fileId: row.id, owedBy, to, propertyAddress: row.property_address, lastSentAt });
  }
  return found;
}

async function owedItems(db: DB, fileId: string, owedBy: OwedBy): Promise<OwedItem[]> {
  const rows = await db
    .selectFrom('loan_file_items')
    .select(['id', 'label', 'owed_by', 'state', 'updated_at', 'last_reminded_at'])
    .where('file_id', '=', fileId)
    .where('owed_by', '=', owedBy)
    .where('state', 'in', OUTSTANDING_STATES)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    owedBy,
    state: row.state as ItemState,
    updatedAt: row.updated_at,
    lastRemindedAt: row.last_reminded_at,
  }));
}

/** Claims and queues one reminder in one transaction; false when another instance claimed it first. */
async function sendReminder(db: DB, candidate: Candidate, now: Date, options: ReminderOptions): Promise<boolean> {
  const stamp = now.toISOString();
  const column = STAMP[candidate.owedBy];
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('loan_files')
      .set({ [column]: stamp })
      .where('id', '=', candidate.fileId)
      .where(column, candidate.lastSentAt === null ? 'is' : '=', candidate.lastSentAt)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    // Read again under the claim: an item that arrived meanwhile is not asked for.
    const items = await owedItems(trx, candidate.fileId, candidate.owedBy);
    if (items.length === 0) return false;
    await trx
      .updateTable('loan_file_items')
      .set({ last_reminded_at: stamp })
      .where(
        'id',
        'in',
        items.map((i) => i.id),
      )
      .execute();
    const mail = { to: candidate.to, owedBy: candidate.owedBy, propertyAddress: candidate.propertyAddress };
    const itemLabels = items.map((i) => i.label);
    if (candidate.owedBy === 'borrower') {
      await queueFileMail(
        trx,
        candidate.fileId,
        reminderMessage({ ...mail, itemLabels, link: `${options.siteUrl}/portal` }),
        now,
      );
    } else {
      const token = await issueBuilderToken(trx, candidate.fileId, now, { touch: false });
      const link = builderUrl(options.siteUrl, token);
      await queueFileMail(trx, candidate.fileId, reminderMessage({ ...mail, itemLabels, link }), now, token);
    }
    return true;
  });
}

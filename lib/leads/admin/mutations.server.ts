import 'server-only';
import type { DB } from '../../db/connect.server';
import {
  deleteNotifications,
  queueSkippedNotifications,
  retryNotifications,
  skipNotifications,
} from '../../notifications/outbox.server';
import type { Subject } from '../../notifications/types';
import { scrubDeletedText } from '../../retention/erase.server';
import type { LeadUpdate } from './filter';

/**
 * The owner's writes to leads. Status 'spam' and the is_spam flag move together: marking a lead
 * spam files it in the spam folder and skips its unsent notification; 'Not spam' takes it out
 * and queues the notification the filters skipped, so the broker gets the e-mail then. Each write
 * is the lead's last activity, from which its retention counts (lib/retention/).
 */

export type NotSpamResult = 'queued' | 'unchanged' | 'not-found';

const lead = (id: string): Subject => ({ type: 'lead', id });

export async function markNotSpam(db: DB, id: string, now = new Date(), status: string = 'new'): Promise<NotSpamResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('leads').select(['is_spam']).where('id', '=', id).executeTakeFirst();
    if (!row) return 'not-found';
    if (Number(row.is_spam) !== 1) return 'unchanged';
    await trx
      .updateTable('leads')
      .set({ is_spam: 0, spam_reason: null, status: status === 'spam' ? 'new' : status, last_activity_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await queueSkippedNotifications(trx, lead(id), now);
    return 'queued';
  });
}

/** Saves status and notes; returns null when the lead is gone, and whether a notification was queued. */
export async function updateLead(db: DB, id: string, input: LeadUpdate, now = new Date()): Promise<{ queued: boolean } | null> {
  const row = await db.selectFrom('leads').select(['is_spam']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  let queued = false;
  if (input.status === 'spam') {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('leads')
        .set((eb) => ({
          status: 'spam',
          is_spam: 1,
          spam_reason: eb.fn.coalesce('spam_reason', eb.val('owner')),
          notes: input.notes,
          last_activity_at: now.toISOString(),
        }))
        .where('id', '=', id)
        .execute();
      await skipNotifications(trx, lead(id), now);
    });
  } else {
    if (Number(row.is_spam) === 1) queued = (await markNotSpam(db, id, now, input.status)) === 'queued';
    await db
      .updateTable('leads')
      .set({ status: input.status, notes: input.notes, last_activity_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }
  return { queued };
}

/**
 * 'Retry now': makes a waiting, failing or failed notification due at once (a failed one becomes
 * failing again and gets one more attempt). Returns false when there is nothing to retry.
 */
export async function retryNotification(db: DB, leadId: string, now = new Date()): Promise<boolean> {
  return (await retryNotifications(db, lead(leadId), now)) > 0;
}

/** Deletes a lead with its notification and attempts in one transaction, leaving no copy in the search index. */
export async function deleteLead(db: DB, id: string): Promise<boolean> {
  const deleted = await db.transaction().execute(async (trx) => {
    await deleteNotifications(trx, lead(id));
    const result = await trx.deleteFrom('leads').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  });
  if (deleted) await scrubDeletedText(db);
  return deleted;
}

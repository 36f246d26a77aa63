import 'server-only';
import type { DB } from '../../db/connect.server';
import type { LeadUpdate } from './filter';

/**
 * The owner's writes to leads. Status 'spam' and the is_spam flag move together: marking a lead
 * spam files it in the spam folder and skips its unsent notification; 'Not spam' takes it out
 * and queues the notification the filters skipped, so the broker gets the e-mail then.
 */

export type NotSpamResult = 'queued' | 'unchanged' | 'not-found';

export async function markNotSpam(db: DB, id: string, now = new Date(), status: string = 'new'): Promise<NotSpamResult> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('leads').select(['is_spam']).where('id', '=', id).executeTakeFirst();
    if (!lead) return 'not-found';
    if (lead.is_spam !== 1) return 'unchanged';
    await trx
      .updateTable('leads')
      .set({ is_spam: 0, spam_reason: null, status: status === 'spam' ? 'new' : status })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('lead_notifications')
      .set({ status: 'waiting', next_attempt_at: stamp, last_error: null, updated_at: stamp })
      .where('lead_id', '=', id)
      .where('status', '=', 'skipped')
      .execute();
    return 'queued';
  });
}

/** Saves status and notes; returns null when the lead is gone, and whether a notification was queued. */
export async function updateLead(db: DB, id: string, input: LeadUpdate, now = new Date()): Promise<{ queued: boolean } | null> {
  const stamp = now.toISOString();
  const lead = await db.selectFrom('leads').select(['is_spam']).where('id', '=', id).executeTakeFirst();
  if (!lead) return null;
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
        }))
        .where('id', '=', id)
        .execute();
      await trx
        .updateTable('lead_notifications')
        .set({ status: 'skipped', next_attempt_at: null, updated_at: stamp })
        .where('lead_id', '=', id)
        .where('status', 'in', ['waiting', 'failing'])
        .execute();
    });
  } else {
    if (lead.is_spam === 1) queued = (await markNotSpam(db, id, now, input.status)) === 'queued';
    await db.updateTable('leads').set({ status: input.status, notes: input.notes }).where('id', '=', id).execute();
  }
  return { queued };
}

/**
 * 'Retry now': makes a waiting, failing or failed notification due at once (a failed one becomes
 * failing again and gets one more attempt). Returns false when there is nothing to retry.
 */
export async function retryNotification(db: DB, leadId: string, now = new Date()): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('lead_notifications')
    .set((eb) => ({
      status: eb.case().when('status', '=', 'failed').then('failing').else(eb.ref('status')).end(),
      next_attempt_at: stamp,
      updated_at: stamp,
    }))
    .where('lead_id', '=', leadId)
    .where('status', 'in', ['waiting', 'failing', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a lead with its notification and attempts (foreign keys cascade), for privacy requests. */
export async function deleteLead(db: DB, id: string): Promise<boolean> {
  // Explicit deletes rather than relying on cascades, which SQLite applies only with foreign_keys on.
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('lead_notification_attempts')
      .where('notification_id', 'in', (eb) => eb.selectFrom('lead_notifications').select('id').where('lead_id', '=', id))
      .execute();
    await trx.deleteFrom('lead_notifications').where('lead_id', '=', id).execute();
    const result = await trx.deleteFrom('leads').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  });
}

import 'server-only';
import { SYSTEM_ACTOR, type ActivityActor } from '../../activity/record.server';
import type { DB } from '../../db/connect.server';
import { queueSkippedNotifications, retryNotifications, skipNotifications } from '../../notifications/outbox.server';
import type { Subject } from '../../notifications/types';
import { deleteLeadsById, scrubDeletedText } from '../../retention/erase.server';
import { leadUpdated } from '../lead-events.server';
import { recordStatusChange } from '../pipeline/status-history.server';

/**
 * The owner's and the team's writes to leads. Status 'spam' and the is_spam flag move together:
 * marking a lead spam files it in the spam folder and skips its unsent notification; 'Not spam'
 * takes it out and queues the notification the filters skipped, so the broker gets the e-mail
 * then. Every write runs in one transaction with the status history row it makes and the
 * leadUpdated() notice (the `lead.updated` webhooks), and is the lead's last activity, from which
 * its retention counts (lib/retention/).
 */

export type NotSpamResult = 'queued' | 'unchanged' | 'not-found';

/** What a save changes; a field left out stays as it is ('' or null clears assignee and follow-up). */
export interface LeadChanges {
  status: string;
  notes?: string;
  assigneeId?: string | null;
  followUpOn?: string | null;
  /** Kept while the lead is 'lost' (and in the history); cleared when it leaves 'lost'. */
  lostReason?: string | null;
}

export interface SavedLead {
  /** A notification the spam filters held back was queued ('Not spam' by a status change). */
  queued: boolean;
  /** The fields that changed ('status', 'notes', 'assignee', 'followUpOn', 'lostReason'). */
  changed: string[];
  before: { status: string; notes: string; assigneeId: string | null; followUpOn: string | null };
}

const lead = (id: string): Subject => ({ type: 'lead', id });
const orNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);

export async function markNotSpam(
  db: DB,
  id: string,
  now = new Date(),
  actor: ActivityActor = SYSTEM_ACTOR,
): Promise<NotSpamResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('leads').select(['is_spam', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row) return 'not-found';
    if (Number(row.is_spam) !== 1) return 'unchanged';
    await trx
      .updateTable('leads')
      // A person of the team vouched for it: the "Possible bot" marker goes too.
      .set({ is_spam: 0, spam_reason: null, possible_bot: 0, status: 'new', last_activity_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await recordStatusChange(trx, { leadId: id, from: row.status, to: 'new', actor, at: now });
    await queueSkippedNotifications(trx, lead(id), now);
    await leadUpdated(trx, { leadId: id, changed: ['status'], at: now });
    return 'queued';
  });
}

/**
 * 'Not a bot': the owner takes the "Possible bot" marker off a lead (its signals stay on record).
 * False when the lead is gone or was not marked.
 */
export async function clearPossibleBot(db: DB, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('leads')
    .set({ possible_bot: 0, last_activity_at: now.toISOString() })
    .where('id', '=', id)
    .where('possible_bot', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Saves a lead's status and pipeline fields; returns null when the lead is gone. A change of
 * status is recorded in the history (with the lost reason) and a lead leaving spam gets its
 * held-back notification queued, all in one transaction.
 */
export async function updateLead(
  db: DB,
  id: string,
  input: LeadChanges,
  now = new Date(),
  actor: ActivityActor = SYSTEM_ACTOR,
): Promise<SavedLead | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('leads')
      .select(['status', 'is_spam', 'notes', 'assignee_id', 'follow_up_on', 'lost_reason'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const wasSpam = Number(row.is_spam) === 1;
    const toSpam = input.status === 'spam';
    const assigneeId = orNull(input.assigneeId);
    const followUpOn = orNull(input.followUpOn);
    const lostReason = input.status === 'lost' ? (orNull(input.lostReason) ?? row.lost_reason) : null;
    const next = {
      status: input.status,
      notes: input.notes ?? row.notes,
      assignee_id: assigneeId === undefined ? row.assignee_id : assigneeId,
      follow_up_on: followUpOn === undefined ? row.follow_up_on : followUpOn,
      lost_reason: lostReason,
    };
    const changed = [
      next.status !== row.status && 'status',
      next.notes !== row.notes && 'notes',
      next.assignee_id !== row.assignee_id && 'assignee',
      next.follow_up_on !== row.follow_up_on && 'followUpOn',
      next.lost_reason !== row.lost_reason && 'lostReason',
    ].filter((c): c is string => c !== false);
    const before = { status: row.status, notes: row.notes, assigneeId: row.assignee_id, followUpOn: row.follow_up_on };
    if (changed.length === 0 && wasSpam === toSpam) return { queued: false, changed, before };

    await trx
      .updateTable('leads')
      .set((eb) => ({
        ...next,
        is_spam: toSpam ? 1 : 0,
        spam_reason: toSpam ? eb.fn.coalesce('spam_reason', eb.val('owner')) : null,
        last_activity_at: now.toISOString(),
      }))
      .where('id', '=', id)
      .execute();
    await recordStatusChange(trx, { leadId: id, from: row.status, to: next.status, reason: lostReason, actor, at: now });
    let queued = false;
    if (toSpam && !wasSpam) await skipNotifications(trx, lead(id), now);
    if (!toSpam && wasSpam) queued = (await queueSkippedNotifications(trx, lead(id), now)) > 0;
    if (changed.length > 0) await leadUpdated(trx, { leadId: id, changed, at: now });
    return { queued, changed, before };
  });
}

/**
 * 'Retry now': makes a waiting, failing or failed notification due at once (a failed one becomes
 * failing again and gets one more attempt). Returns false when there is nothing to retry.
 */
export async function retryNotification(db: DB, leadId: string, now = new Date()): Promise<boolean> {
  return (await retryNotifications(db, lead(leadId), now)) > 0;
}

/**
 * Deletes a lead with its notification, attempts, history and loan file (with the file's documents
 * and e-mails: lib/retention/erase.server.ts) in one transaction, leaving no copy in the search index.
 */
export async function deleteLead(db: DB, id: string): Promise<boolean> {
  const deleted = await db.transaction().execute(async (trx) => (await deleteLeadsById(trx, [id])).leads === 1);
  if (deleted) await scrubDeletedText(db);
  return deleted;
}

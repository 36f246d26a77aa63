import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { ANY_CHANNEL, announceDue } from './due-signal.server';
import { PENDING, type Channel, type ChannelPayloads, type Subject } from './types';

/**
 * The notifications outbox, written by the modules whose events it tells of (leads, payments).
 * A notification is added inside the transaction that stores its subject, so the two commit
 * together or not at all: nothing stored goes untold, nothing untold is announced. The worker
 * (./delivery.server.ts) sends it afterwards; whatever makes one due also tells the workers of
 * every instance, on commit (./due-signal.server.ts). Subjects have no foreign key here, so whoever
 * deletes a subject deletes its notifications in the same transaction (deleteNotifications).
 */

export type NewNotification = {
  [C in Channel]: {
    subject: Subject;
    channel: C;
    /** Who it goes to (NotificationsTable.recipient); 'broker' when not given. */
    recipient?: string;
    /** What the channel's transport will send, rendered now: the worker knows nothing of subjects. */
    payload: ChannelPayloads[C];
    at: Date;
    /** Stored but not sent (suspected spam) until queueSkippedNotifications. */
    skipped?: boolean;
  };
}[Channel];

/** Adds notifications inside the caller's transaction, in one multi-row insert whatever their number. */
export async function addNotifications(trx: DB, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(
      notifications.map((n) => {
        const stamp = n.at.toISOString();
        return {
          id: newId(),
          subject_type: n.subject.type,
          subject_id: n.subject.id,
          channel: n.channel,
          recipient: n.recipient ?? 'broker',
          payload: JSON.stringify(n.payload),
          status: n.skipped ? 'skipped' : 'waiting',
          next_attempt_at: n.skipped ? null : stamp,
          created_at: stamp,
          updated_at: stamp,
        };
      }),
    )
    .execute();
  for (const channel of new Set(notifications.filter((n) => !n.skipped).map((n) => n.channel))) await announceDue(trx, channel);
}

/** Holds back a subject's unsent notifications (the owner marked the lead spam). */
export async function skipNotifications(trx: DB, subject: Subject, now: Date): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({ status: 'skipped', next_attempt_at: null, updated_at: now.toISOString() })
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .where('status', 'in', PENDING)
    .execute();
}

/** Queues, due now, the notifications a subject's spam filters skipped ('Not spam'); returns how many. */
export async function queueSkippedNotifications(trx: DB, subject: Subject, now: Date): Promise<number> {
  const stamp = now.toISOString();
  const result = await trx
    .updateTable('notifications')
    .set({ status: 'waiting', next_attempt_at: stamp, last_error: null, updated_at: stamp })
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .where('status', '=', 'skipped')
    .executeTakeFirst();
  return announced(trx, Number(result.numUpdatedRows));
}

/**
 * 'Retry now': makes a subject's waiting, failing or failed notifications due now (a failed one
 * becomes failing again and gets one more attempt). Returns how many were made due.
 */
export async function retryNotifications(db: DB, subject: Subject, now: Date): Promise<number> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('notifications')
    .set((eb) => ({
      status: eb.case().when('status', '=', 'failed').then('failing').else(eb.ref('status')).end(),
      next_attempt_at: stamp,
      updated_at: stamp,
    }))
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .where('status', 'in', [...PENDING, 'failed'])
    .executeTakeFirst();
  return announced(db, Number(result.numUpdatedRows));
}

/** A subject's notifications made due again, of whichever channels: every worker looks. */
async function announced(db: DB, made: number): Promise<number> {
  if (made > 0) await announceDue(db, ANY_CHANNEL);
  return made;
}

/** Deletes a subject's notifications and their attempts, inside the caller's transaction. */
export async function deleteNotifications(trx: DB, subject: Subject): Promise<void> {
  const ofSubject = trx
    .selectFrom('notifications')
    .select('id')
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id);
  await trx.deleteFrom('notification_attempts').where('notification_id', 'in', ofSubject).execute();
  await trx.deleteFrom('notifications').where('subject_type', '=', subject.type).where('subject_id', '=', subject.id).execute();
}

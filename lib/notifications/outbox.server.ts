import 'server-only';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { seal } from '../auth/secret-box.server';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { ANY_CHANNEL, announceDue } from './due-signal.server';
import { storedPayload } from './sealed-payload.server';
import { PENDING, type Channel, type ChannelPayloads, type Subject } from './types';

/**
 * The notifications outbox, written by the modules whose events it tells of (leads, payments).
 * A notification is added inside the transaction that stores its subject, so the two commit
 * together or not at all: nothing stored goes untold, nothing untold is announced. The worker
 * (./delivery.server.ts) sends it afterwards; whatever makes one due also tells the workers of
 * every instance, on commit (./due-signal.server.ts). Subjects have no foreign key here, so whoever
 * deletes a subject deletes its notifications in the same transaction (deleteNotifications).
 * The payloads of subjects that carry a lead's fields are stored sealed (./sealed-payload.server.ts).
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
    /** When it falls due, if not at `at` (the devices' alerts a push fan-out is expanded into). */
    due?: Date;
    /** Stored but not sent (suspected spam) until queueSkippedNotifications. */
    skipped?: boolean;
    /**
     * A value in the payload that must not be readable at rest (an invitation's or a resume link's
     * token): stored sealed with SECRET_KEY, the payload keeping SEALED_MARK in its place; the
     * worker puts it back when sending and drops it once sent.
     */
    secret?: string;
  };
}[Channel];

/** What a payload holds where its sealed secret goes. */
export const SEALED_MARK = '{{sealed}}';

/** The secret box context of a notification's secret: a sealed value copied to another row does not open. */
export const sealContext = (id: string) => `notification:${id}`;

/** Rows per insert: at 11 bind parameters a row, far under SQLite's 32,766 and PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 500;

function notificationRow(n: NewNotification) {
  const id = newId();
  const stamp = n.at.toISOString();
  let payload = JSON.stringify(n.payload);
  let sealed: string | null = null;
  if (n.secret) {
    if (!payload.includes(n.secret)) throw new Error('The secret to seal is not in the notification');
    payload = payload.split(n.secret).join(SEALED_MARK);
    sealed = seal(n.secret, sealContext(id));
  }
  return {
    id,
    subject_type: n.subject.type,
    subject_id: n.subject.id,
    channel: n.channel,
    recipient: n.recipient ?? 'broker',
    // A lead's payload is sealed whole (./sealed-payload.server.ts), its secret already marked out.
    payload: storedPayload(id, n.subject.type, payload),
    sealed_secret: sealed,
    status: n.skipped ? 'skipped' : 'waiting',
    next_attempt_at: n.skipped ? null : (n.due ?? n.at).toISOString(),
    created_at: stamp,
    updated_at: stamp,
  };
}

/**
 * Adds notifications inside the caller's transaction, in multi-row inserts of ROWS_PER_INSERT, so
 * no number of them exceeds a database's limit of bind parameters.
 */
export async function addNotifications(trx: DB, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  const rows = notifications.map(notificationRow);
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('notifications')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
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
 * Whether a notification is free, not held by a worker: never claimed, its attempt recorded, or
 * its sender's lease run out (the sender died). For the owner's actions that make one due again:
 * while a worker is sending it, making it due would let another instance claim and send it at
 * the same time, so they leave it alone. On PostgreSQL an update that meets a row being claimed
 * waits for that claim and checks the claimed row again, so the two never cross.
 */
export const isFree =
  (now: Date) =>
  (eb: ExpressionBuilder<Database, 'notifications'>): Expression<SqlBool> =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now.toISOString())]);

/**
 * 'Retry now': makes a subject's waiting, failing or failed notifications due now (a failed one
 * becomes failing again and gets one more attempt), except those a worker is sending at this
 * moment. Returns how many were made due.
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
    .where(isFree(now))
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

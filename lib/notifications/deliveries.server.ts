import 'server-only';
import type { DB } from '../db/connect.server';
import { announceDue } from './due-signal.server';
import { isFree } from './outbox.server';
import { openPayload } from './sealed-payload.server';
import type { Delivery } from './delivery-types';
import { CHANNELS, type Channel, type NotificationStatus, type Subject } from './types';

export type { Delivery };

/**
 * The delivery log: notifications with every attempt, as the admin lists them (the lead dialog:
 * all of one lead's, every channel and recipient; Integrations: a webhook endpoint's newest).
 */

async function withAttempts(
  db: DB,
  rows: {
    id: string;
    subject_id: string;
    channel: string;
    recipient: string;
    status: string;
    created_at: string;
    next_attempt_at: string | null;
    last_error: string | null;
    payload: string;
  }[],
): Promise<Delivery[]> {
  if (rows.length === 0) return [];
  const attempts = await db
    .selectFrom('notification_attempts')
    .select(['notification_id', 'attempted_at', 'transport', 'ok', 'error'])
    .where(
      'notification_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('attempted_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    subjectId: r.subject_id,
    channel: r.channel,
    recipient: r.recipient,
    status: r.status as NotificationStatus,
    createdAt: r.created_at,
    nextAttemptAt: r.next_attempt_at,
    lastError: r.last_error,
    event: r.channel === 'webhook' ? eventOf(openPayload(r)) : null,
    attempts: attempts
      .filter((a) => a.notification_id === r.id)
      .map((a) => ({ at: a.attempted_at, transport: a.transport, ok: Number(a.ok) === 1, error: a.error })),
  }));
}

/** A webhook's event type, from its payload (opened: a lead's is sealed); null when it cannot be read. */
function eventOf(payload: string | null): string | null {
  if (payload === null) return null;
  try {
    const type = (JSON.parse(payload) as { type?: unknown }).type;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}

const COLUMNS = [
  'id',
  'subject_id',
  'channel',
  'recipient',
  'status',
  'created_at',
  'next_attempt_at',
  'last_error',
  'payload',
] as const;

/**
 * Every notification of a subject, or of several (a lead's log holds its loan file's e-mails too),
 * oldest first, each with its attempts.
 */
export async function subjectDeliveries(db: DB, subject: Subject | readonly Subject[]): Promise<Delivery[]> {
  const subjects: readonly Subject[] = Array.isArray(subject) ? subject : [subject as Subject];
  if (subjects.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where((eb) => eb.or(subjects.map((s) => eb.and([eb('subject_type', '=', s.type), eb('subject_id', '=', s.id)]))))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // Written together at arrival: e-mail, text, push, webhooks, in that order, then by recipient.
  const rank = (channel: string) => CHANNELS.indexOf(channel as Channel);
  rows.sort(
    (a, b) =>
      a.created_at.localeCompare(b.created_at) || rank(a.channel) - rank(b.channel) || a.recipient.localeCompare(b.recipient),
  );
  return withAttempts(db, rows);
}

/** A recipient's newest notifications (e.g. 'webhook:<endpoint id>'), newest first. */
export async function recipientDeliveries(db: DB, recipient: string, limit = 20): Promise<Delivery[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return withAttempts(db, rows);
}

/**
 * 'Resend': a webhook delivery is made due now, whatever became of it (sent, failed, still
 * retrying), with the same message id and body, so a receiver that already has it can tell.
 * Spam's held-back deliveries are not resent (the owner says 'Not spam' for that), nor one that a
 * worker is sending at this moment ('sending': making it due would let another instance send it
 * a second time meanwhile). Returns the lead it belongs to, or null when there is no such webhook
 * delivery.
 */
export async function resendWebhook(db: DB, id: string, now: Date): Promise<{ leadId: string } | 'sending' | null> {
  const stamp = now.toISOString();
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({
      // A failed delivery has used its retries: one more attempt, then failed again if it fails.
      status: eb.case().when('status', '=', 'failed').then('failing').else('waiting').end(),
      next_attempt_at: stamp,
      sent_at: null,
      updated_at: stamp,
    }))
    .where('id', '=', id)
    .where('channel', '=', 'webhook')
    .where('status', '!=', 'skipped')
    .where(isFree(now))
    .returning('subject_id')
    .executeTakeFirst();
  if (!row) {
    const held = await db
      .selectFrom('notifications')
      .select('id')
      .where('id', '=', id)
      .where('channel', '=', 'webhook')
      .where('status', '!=', 'skipped')
      .executeTakeFirst();
    return held ? 'sending' : null;
  }
  await announceDue(db, 'webhook');
  return { leadId: row.subject_id };
}

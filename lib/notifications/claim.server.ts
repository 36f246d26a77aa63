import 'server-only';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { ofRecipients, type RecipientFilter } from './lanes.server';
import { PENDING, type Channel } from './types';

/**
 * Claiming the next due notification for one sender, in one statement: its next_attempt_at moves
 * a lease ahead, so no other worker sees it due until the lease runs out, and claimed_until says
 * until when it is being sent ('Retry now' and 'Resend' leave a claimed notification alone). On
 * PostgreSQL the row is picked FOR UPDATE SKIP LOCKED. The lock is what makes the claim safe:
 * without it, an update that waited for another instance's claim of the same row re-checks only
 * `id = ...` and claims it a second time (four instances sent 200 notifications 286 times in the
 * test); SKIP LOCKED lets each instance take another row at once instead of waiting. SQLite runs
 * one writer at a time, so its statement is atomic as it stands.
 *
 * One row per claim, not a batch: a worker then never holds more than the notifications it is
 * sending, so a stopping instance has nothing left to hand back and a crashed one strands what it
 * was sending for one lease, not a batch for as long as the batch takes.
 */

/**
 * How long a claimed notification is reserved for its sender before another may retry it: far
 * longer than one send may take (the transports give up after 5 to 50 seconds), so a live
 * sender never loses its claim; a dead one's notification is retried after it.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

export interface ClaimedNotification {
  id: string;
  subject_type: string;
  subject_id: string;
  recipient: string;
  /** As stored: JSON, or sealed whole (./sealed-payload.server.ts); payloadToSend reads it. */
  payload: string;
  /** The part of the payload kept sealed (a link's token), or null. */
  sealed_secret: string | null;
  attempts: number;
  created_at: string;
}

/** Claims the most overdue notification of the channel (of the lane's recipients), or returns null when none is due. */
export async function claimNext(
  db: DB,
  channel: Channel,
  now: Date,
  recipients?: RecipientFilter,
): Promise<ClaimedNotification | null> {
  let due = db
    .selectFrom('notifications')
    .select('id')
    .where('status', 'in', PENDING)
    .where('next_attempt_at', '<=', now.toISOString())
    .where('channel', '=', channel)
    .$call(ofRecipients(recipients))
    .orderBy('next_attempt_at')
    .limit(1);
  if (engineOf(db) === 'postgres') due = due.forUpdate().skipLocked();
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  const row = await db
    .updateTable('notifications')
    .set({ next_attempt_at: lease, claimed_until: lease })
    .where('id', '=', due)
    .returning(['id', 'subject_type', 'subject_id', 'recipient', 'payload', 'sealed_secret', 'attempts', 'created_at'])
    .executeTakeFirst();
  return row ?? null;
}

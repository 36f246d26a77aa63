import 'server-only';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { PENDING, type Channel } from './types';

/**
 * Claiming the next due notification for one sender, in one statement: its next_attempt_at moves
 * a lease ahead, so no other worker sees it due until the lease runs out. On PostgreSQL the row is
 * picked FOR UPDATE SKIP LOCKED. The lock is what makes the claim safe: without it, an update
 * that waited for another instance's claim of the same row re-checks only `id = ...` and claims it
 * a second time (four instances sent 200 notifications 286 times in the test); SKIP LOCKED lets
 * each instance take another row at once instead of waiting. SQLite runs one writer at a time,
 * so its statement is atomic as it stands.
 *
 * One row at a time, not a batch: a worker then never holds more than the notification it is
 * sending, so a stopping instance has nothing left to hand back and a crashed one strands one
 * notification for one lease, not a batch for as long as the batch takes.
 */

/**
 * How long a claimed notification is reserved for its sender before another may retry it: far
 * longer than one send may take (the transports give up after 30 to 50 seconds), so a live
 * sender never loses its claim; a dead one's notification is retried after it.
 */
export const CLAIM_LEASE_MS = 5 * 60_000;

export interface ClaimedNotification {
  id: string;
  subject_type: string;
  subject_id: string;
  payload: string;
  attempts: number;
}

/** Claims the most overdue notification of the channel, or returns null when none is due. */
export async function claimNext(db: DB, channel: Channel, now: Date): Promise<ClaimedNotification | null> {
  let due = db
    .selectFrom('notifications')
    .select('id')
    .where('status', 'in', PENDING)
    .where('next_attempt_at', '<=', now.toISOString())
    .where('channel', '=', channel)
    .orderBy('next_attempt_at')
    .limit(1);
  if (engineOf(db) === 'postgres') due = due.forUpdate().skipLocked();
  const row = await db
    .updateTable('notifications')
    .set({ next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
    .where('id', '=', due)
    .returning(['id', 'subject_type', 'subject_id', 'payload', 'attempts'])
    .executeTakeFirst();
  return row ?? null;
}

import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import type { SubjectType } from '../notifications/types';

/**
 * Deleting personal data so that it is gone, shared by the retention job and privacy requests.
 * Notifications have no foreign key to their subject (lib/notifications/outbox.server.ts): whoever
 * deletes a lead or a payment deletes its notifications and their attempts in the same transaction.
 */

export interface ErasedCounts {
  notifications: number;
  attempts: number;
}

/** Ids per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
export const ID_CHUNK = 500;

export function chunks<T>(items: readonly T[], size = ID_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Deletes notifications (by id) and their attempts, inside the caller's transaction. */
export async function deleteNotificationsById(trx: DB, ids: readonly string[]): Promise<ErasedCounts> {
  const counts: ErasedCounts = { notifications: 0, attempts: 0 };
  for (const part of chunks(ids)) {
    counts.attempts += deleted(
      await trx.deleteFrom('notification_attempts').where('notification_id', 'in', part).executeTakeFirstOrThrow(),
    );
    counts.notifications += deleted(await trx.deleteFrom('notifications').where('id', 'in', part).executeTakeFirstOrThrow());
  }
  return counts;
}

/** Deletes the notifications (and attempts) of subjects, inside the caller's transaction. */
export async function deleteNotificationsOf(trx: DB, type: SubjectType, subjectIds: readonly string[]): Promise<ErasedCounts> {
  const counts: ErasedCounts = { notifications: 0, attempts: 0 };
  for (const part of chunks(subjectIds)) {
    const ofSubjects = trx
      .selectFrom('notifications')
      .select('id')
      .where('subject_type', '=', type)
      .where('subject_id', 'in', part);
    counts.attempts += deleted(
      await trx.deleteFrom('notification_attempts').where('notification_id', 'in', ofSubjects).executeTakeFirstOrThrow(),
    );
    counts.notifications += deleted(
      await trx
        .deleteFrom('notifications')
        .where('subject_type', '=', type)
        .where('subject_id', 'in', part)
        .executeTakeFirstOrThrow(),
    );
  }
  return counts;
}

/** Deletes leads with their notifications, attempts and status history, inside the caller's transaction. */
export async function deleteLeadsById(trx: DB, ids: readonly string[]): Promise<ErasedCounts & { leads: number }> {
  const counts = { leads: 0, ...(await deleteNotificationsOf(trx, 'lead', ids)) };
  for (const part of chunks(ids)) {
    // The history's lost reasons are the broker's words about the customer: they go with the lead.
    await trx.deleteFrom('lead_status_changes').where('lead_id', 'in', part).execute();
    counts.leads += deleted(await trx.deleteFrom('leads').where('id', 'in', part).executeTakeFirstOrThrow());
  }
  return counts;
}

/**
 * After a deletion, leaves no copy of the deleted text in the database's files (SQLite). The
 * leads' FTS5 index (migration 0005) records a deletion as a tombstone in a newer segment, while
 * the older segment still holds the deleted lead's terms until the segments are merged: 'optimize'
 * merges them all into one, without it. PRAGMA secure_delete (lib/db/connect.server.ts) zeroes the
 * pages and cells freed by a deletion; the checkpoint copies the zeroed pages from the write-ahead
 * log into the database file and empties the log, which held the old page images too.
 *
 * PostgreSQL keeps deleted rows as dead tuples until VACUUM reclaims them (autovacuum, or the
 * operator: see docs/operations.md), and its indexes point at them until then; no query returns them.
 */
export async function scrubDeletedText(db: DB): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql`insert into leads_search_fts(leads_search_fts) values ('optimize')`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { deleteDocumentsOf } from '../documents/store.server';
import { deleteLoanFilesOfLeads } from '../loan-files/erase.server';
import { itemOwner } from '../loan-files/upload-access.server';
import type { SubjectType } from '../notifications/types';

/**
 * Deleting personal data so that it is gone, shared by the retention job, privacy requests and the
 * admin's 'Delete lead'. Notifications have no foreign key to their subject
 * (lib/notifications/outbox.server.ts), nor a loan file to its lead (migration 0019): whoever
 * deletes a lead deletes its notifications, its loan file and that file's documents in the same
 * transaction.
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

/** What deleting loan files removed, besides the files: their documents, e-mails and attempts. */
export interface ErasedLoanFiles extends ErasedCounts {
  loanFiles: number;
  documents: number;
}

/**
 * Deletes the loan files of leads inside the caller's transaction: every row of each file and its
 * e-mails (lib/loan-files/erase.server.ts), then the documents uploaded for its items, which the
 * loan files leave to their caller (the document store knows owners, not files).
 */
export async function deleteLoanFilesOf(trx: DB, leadIds: readonly string[]): Promise<ErasedLoanFiles> {
  const counts: ErasedLoanFiles = { loanFiles: 0, documents: 0, notifications: 0, attempts: 0 };
  for (const part of chunks(leadIds)) {
    const files = await trx.selectFrom('loan_files').select('id').where('lead_id', 'in', part).execute();
    if (files.length === 0) continue;
    // deleteLoanFilesOfLeads deletes the files' e-mails too, without saying how many: counted here first.
    const mails = await deleteNotificationsOf(
      trx,
      'loan-file',
      files.map((file) => file.id),
    );
    counts.notifications += mails.notifications;
    counts.attempts += mails.attempts;
    const { files: deletedFiles, itemIds } = await deleteLoanFilesOfLeads(trx, part);
    counts.loanFiles += deletedFiles;
    counts.documents += await deleteDocumentsOf(trx, itemIds.map(itemOwner));
  }
  return counts;
}

/**
 * Deletes leads with their notifications, attempts, status history and loan files (with the
 * files' documents), inside the caller's transaction.
 */
export async function deleteLeadsById(trx: DB, ids: readonly string[]): Promise<ErasedLoanFiles & { leads: number }> {
  const files = await deleteLoanFilesOf(trx, ids);
  const mails = await deleteNotificationsOf(trx, 'lead', ids);
  const counts = {
    leads: 0,
    loanFiles: files.loanFiles,
    documents: files.documents,
    notifications: files.notifications + mails.notifications,
    attempts: files.attempts + mails.attempts,
  };
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

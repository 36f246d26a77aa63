import 'server-only';
import type { DB } from '../db/connect.server';

/**
 * Deleting documents, chunks first (they refer to their document). In one transaction, or in
 * the caller's (a privacy deletion deletes its other rows beside), so a document is never left
 * without its content. On SQLite, secure_delete zeroes the freed pages (lib/db/connect.server.ts).
 */

/** Ids per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 500;

async function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Deletes these documents, complete or not; returns how many there were. */
export async function deleteDocuments(db: DB, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    let deleted = 0;
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      await trx.deleteFrom('document_chunks').where('document_id', 'in', batch).execute();
      const result = await trx.deleteFrom('documents').where('id', 'in', batch).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  });
}

/** Deletes every document of these owners (an item, a whole loan file); returns how many. */
export async function deleteDocumentsOf(db: DB, owners: string[]): Promise<number> {
  if (owners.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const ids: string[] = [];
    for (let i = 0; i < owners.length; i += BATCH) {
      const rows = await trx
        .selectFrom('documents')
        .select('id')
        .where('owner', 'in', owners.slice(i, i + BATCH))
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    return deleteDocuments(trx, ids);
  });
}

/**
 * Deletes uploads still 'writing' that began before `before`: what a crash or a failed clean-up
 * midway through an upload left (no read returns them). For a daily job; give an upload in
 * progress time to finish (an hour is plenty for 25 MB).
 */
export async function deleteUnfinishedDocuments(db: DB, before: Date): Promise<number> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('state', '=', 'writing')
    .where('created_at', '<', before.toISOString())
    .execute();
  return deleteDocuments(
    db,
    rows.map((row) => row.id),
  );
}

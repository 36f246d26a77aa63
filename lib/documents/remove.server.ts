import 'server-only';
import type { DB } from '../db/connect.server';
import type { ObjectChunkStore } from './chunk-store';
import { configuredObjectStore } from './chunk-stores.server';

/**
 * Deleting documents, chunks first (they refer to their document). In one transaction, or in
 * the caller's (a privacy deletion deletes its other rows beside), so a document is never left
 * without its content. On SQLite, secure_delete zeroes the freed pages (lib/db/connect.server.ts).
 *
 * Chunks in object storage cannot be rolled back with the rows, so they are deleted only after the
 * transaction commits: the other order could leave a row whose content is gone, while this one at
 * worst leaves objects without a row. Those are ciphertext whose key was in the deleted row, so
 * nobody can open them, and deleteOrphanedDocumentObjects sweeps them. Inside a caller's
 * transaction this module cannot tell when it commits: the objects are left to that sweep.
 */

/** Ids per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 500;

type Objects = ObjectChunkStore | null;

interface Deleted {
  count: number;
  /** Those whose chunks are in object storage, to delete once the rows are gone for good. */
  withObjects: string[];
}

/**
 * Runs `work` in a transaction (the caller's, or its own), then deletes the objects of the
 * documents it deleted when the transaction was its own and has committed.
 */
async function deleting(db: DB, objects: Objects, work: (trx: DB) => Promise<Deleted>): Promise<number> {
  if (db.isTransaction) return (await work(db)).count;
  const deleted = await db.transaction().execute(work);
  // Best effort: the documents are gone whatever happens here, and what is left is swept.
  if (objects && deleted.withObjects.length > 0) await objects.deleteAll(deleted.withObjects).catch(() => {});
  return deleted.count;
}

async function deleteRows(trx: DB, ids: string[]): Promise<Deleted> {
  const deleted: Deleted = { count: 0, withObjects: [] };
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const inObjects = await trx
      .selectFrom('documents')
      .select('id')
      .where('id', 'in', batch)
      .where('chunk_store', '=', 's3')
      .execute();
    deleted.withObjects.push(...inObjects.map((row) => row.id));
    await trx.deleteFrom('document_chunks').where('document_id', 'in', batch).execute();
    const result = await trx.deleteFrom('documents').where('id', 'in', batch).executeTakeFirst();
    deleted.count += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * Deletes these documents, complete or not; returns how many there were. `objects`: the object
 * store their chunks may be in, by default the configured one.
 */
export async function deleteDocuments(db: DB, ids: string[], objects: Objects = configuredObjectStore()): Promise<number> {
  if (ids.length === 0) return 0;
  return deleting(db, objects, (trx) => deleteRows(trx, ids));
}

/** Deletes every document of these owners (an item, a whole loan file); returns how many. */
export async function deleteDocumentsOf(db: DB, owners: string[], objects: Objects = configuredObjectStore()): Promise<number> {
  if (owners.length === 0) return 0;
  return deleting(db, objects, async (trx) => {
    const ids: string[] = [];
    for (let i = 0; i < owners.length; i += BATCH) {
      const rows = await trx
        .selectFrom('documents')
        .select('id')
        .where('owner', 'in', owners.slice(i, i + BATCH))
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    return deleteRows(trx, ids);
  });
}

/**
 * Deletes uploads still 'writing' that began before `before`: what a crash or a failed clean-up
 * midway through an upload left (no read returns them). For a daily job; give an upload in
 * progress time to finish (an hour is plenty for 25 MB).
 */
export async function deleteUnfinishedDocuments(
  db: DB,
  before: Date,
  objects: Objects = configuredObjectStore(),
): Promise<number> {
  const rows = await db
    .selectFrom('documents')
    .select('id')
    .where('state', '=', 'writing')
    .where('created_at', '<', before.toISOString())
    .execute();
  return deleteDocuments(
    db,
    rows.map((row) => row.id),
    objects,
  );
}

/**
 * Deletes the objects of documents that no longer have a row: left by a deletion inside a
 * caller's transaction, or by an object store that failed after the rows were deleted. For a
 * daily job beside deleteUnfinishedDocuments; returns how many documents' objects it deleted.
 * An upload under way is safe: its row is written before its first object.
 */
export async function deleteOrphanedDocumentObjects(db: DB, objects: Objects = configuredObjectStore()): Promise<number> {
  if (!objects) return 0;
  let swept = 0;
  let listed: string[] = [];
  const sweep = async () => {
    const kept = await db.selectFrom('documents').select('id').where('id', 'in', listed).execute();
    const known = new Set(kept.map((row) => row.id));
    const orphans = listed.filter((id) => !known.has(id));
    await objects.deleteAll(orphans);
    swept += orphans.length;
    listed = [];
  };
  for await (const id of objects.documentIds()) {
    listed.push(id);
    if (listed.length === BATCH) await sweep();
  }
  if (listed.length > 0) await sweep();
  return swept;
}

import 'server-only';
import type { DB } from '../db/connect.server';

/**
 * Runs a loan file's write in one transaction: the caller's, when it passes one (an action that
 * logs the change in the same transaction), or one of its own. Kysely cannot nest transactions.
 */
export function withinTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

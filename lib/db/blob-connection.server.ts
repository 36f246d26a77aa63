import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { processSingleton } from '../runtime/process-singleton';
import type { Database } from './schema';

// Not connect.server.ts's DB: that module registers each handle here (no import circle).
type DB = Kysely<Database>;

/**
 * A second SQLite connection for large blobs: the chunks of uploaded documents (issue 30). Every
 * page a statement touches passes through its connection's page cache and stays there up to the
 * cache's size; the main connection's is 32 MB for the Leads search (connect.server.ts), and 100 MB
 * of chunks would fill it with pages nobody reads again, as resident memory the server never gives
 * back (`npm run bench:uploads`, docs/performance.md). The blob connection has a 1 MB cache.
 *
 * It is opened lazily for the same file and closed with the main handle (connect.server.ts). Two
 * connections in one thread could stall each other (lib/db/index.server.ts): one holding the write
 * lock across an await while the other waits for it synchronously. So this one never waits inside
 * SQLite (busy timeout 0): a statement that finds the database locked is tried again after a timer,
 * which lets the holder finish (`withoutWaiting`). It writes only single statements, committed at
 * once, so it never holds the lock across an await itself.
 *
 * PostgreSQL, and an in-memory SQLite database (which a second connection would not see), use the
 * main handle.
 */

const openers = () => processSingleton('db.blob-connections', () => new WeakMap<object, () => DB>());

/** Called by connect(): how to reach `db`'s blob connection, opened on first use. */
export function registerBlobConnection(db: DB, open: () => DB): void {
  let opened: DB | null = null;
  openers().set(db.getExecutor().adapter, () => (opened ??= open()));
}

/**
 * The handle to read and write large blobs through: `db`'s blob connection, or `db` itself. A
 * transaction is its own: what it writes must commit with it, and the other connection would wait
 * for its lock.
 */
export function blobConnection(db: DB): DB {
  if (db.isTransaction) return db;
  return openers().get(db.getExecutor().adapter)?.() ?? db;
}

const RETRY_FIRST_MS = 2;
const RETRY_MAX_MS = 50;
/** As long as the main connection's busy timeout (connect.server.ts). */
const GIVE_UP_MS = 5000;

/** Runs `statement`, trying it again after a pause while the database is locked by the other connection. */
export async function withoutWaiting<T>(statement: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let pause = RETRY_FIRST_MS; ; pause = Math.min(pause * 2, RETRY_MAX_MS)) {
    try {
      return await statement();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started >= GIVE_UP_MS) throw error;
    }
    await sleep(pause);
  }
}

const isBusy = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && String(error.code).startsWith('SQLITE_BUSY');

import 'server-only';
import { env } from '../env.server';
import { logger } from '../log.server';
import { databaseTarget, type DatabaseTarget } from '../env-schema';
import { connect, type DB } from './connect.server';
import { prepareDatabase } from './prepare.server';
import { existingProcessSingleton, forgetProcessSingleton, processSingleton } from '../runtime/process-singleton';

export type { DB };

/**
 * The process-wide database, migrated and seeded before first use (re-running both is a no-op).
 * One handle per database and process (lib/runtime/process-singleton.ts): Next loads this module
 * once per server layer and the server once more, and with SQLite two connections in one thread
 * could stall each other for the whole busy timeout, one holding the write lock across an await
 * while the other waits for it synchronously, blocking the very thread that would release it.
 *
 * During `next build` it is a throw-away in-memory SQLite database holding the defaults: the build
 * never reads or writes the real one, so a build made anywhere can be deployed anywhere, and the
 * server expires every prerendered page before the first visitor arrives.
 */
export function getDb(): Promise<DB> {
  const building = process.env.NEXT_PHASE === 'phase-production-build';
  const url = building ? ':memory:' : env.DATABASE_URL;
  const name = `db:${url}`;
  return processSingleton(name, () =>
    open(building ? { kind: 'sqlite', path: ':memory:' } : databaseTarget(url)).catch((error: unknown) => {
      forgetProcessSingleton(name); // let the next call try again (e.g. PostgreSQL was still starting)
      throw error;
    }),
  );
}

/** Closes the process's handle (the server's graceful stop); a later getDb() opens a new one. */
export async function closeDb(): Promise<void> {
  const name = `db:${env.DATABASE_URL}`;
  const ready = existingProcessSingleton<Promise<DB>>(name);
  forgetProcessSingleton(name);
  await (await ready?.catch(() => null))?.destroy();
}

async function open(target: DatabaseTarget): Promise<DB> {
  const onQuery = env.LOG_DB_QUERIES ? (sql: string) => logger.info({ sql }, 'db query') : undefined;
  const db = connect(target, { onQuery });
  // The server has prepared the database before Next starts; this finds nothing left to do
  // (and prepares the throw-away database of `next build`).
  await prepareDatabase(db);
  return db;
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.selectFrom('app_meta').select('key').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

import 'server-only';
import { env } from '../env.server';
import { logger } from '../log.server';
import { databaseTarget, type DatabaseTarget } from '../env-schema';
import { connect, type DB } from './connect.server';
import { migrateToLatest } from './migrate.server';
import { seedIfEmpty } from './seed.server';

export type { DB };

/**
 * The handles live on globalThis, one per database: Next loads this module once per server bundle
 * (pages and actions, route handlers) and the start script loads it again for its lead endpoint,
 * and all of them must share one handle. With SQLite, two connections in one thread could
 * otherwise stall each other for the whole busy timeout: one holding the write lock across an
 * await while the other waits for it synchronously, blocking the very thread that would release it.
 */
const KEY = Symbol.for('clp.databases');
const holder = globalThis as { [KEY]?: Map<string, Promise<DB>> };

/**
 * The process-wide database, migrated and seeded before first use (re-running both is a no-op).
 *
 * During `next build` it is a throw-away in-memory SQLite database holding the defaults: the build
 * never reads or writes the real one, so a build made anywhere can be deployed anywhere, and the
 * start script expires every prerendered page before the first visitor arrives.
 */
export function getDb(): Promise<DB> {
  const building = process.env.NEXT_PHASE === 'phase-production-build';
  const url = building ? ':memory:' : env.DATABASE_URL;
  const handles = (holder[KEY] ??= new Map());
  let ready = handles.get(url);
  if (!ready) {
    ready = open(building ? { kind: 'sqlite', path: ':memory:' } : databaseTarget(url)).catch((error: unknown) => {
      handles.delete(url); // let the next call try again (e.g. PostgreSQL was still starting)
      throw error;
    });
    handles.set(url, ready);
  }
  return ready;
}

async function open(target: DatabaseTarget): Promise<DB> {
  const onQuery = env.LOG_DB_QUERIES ? (sql: string) => logger.info({ sql }, 'db query') : undefined;
  const db = connect(target, { onQuery });
  await migrateToLatest(db);
  await seedIfEmpty(db);
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

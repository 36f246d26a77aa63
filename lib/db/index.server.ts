import 'server-only';
import { env } from '../env.server';
import { logger } from '../log.server';
import { databaseTarget } from '../env-schema';
import { connect, type DB } from './connect.server';
import { migrateToLatest } from './migrate.server';
import { seedIfEmpty } from './seed.server';

export type { DB };

let ready: Promise<DB> | undefined;

/**
 * The process-wide database, migrated and seeded before first use (re-running both is a no-op).
 *
 * During `next build` it is a throw-away in-memory SQLite database holding the defaults: the build
 * never reads or writes the real one, so a build made anywhere can be deployed anywhere, and the
 * start script expires every prerendered page before the first visitor arrives.
 */
export function getDb(): Promise<DB> {
  ready ??= open().catch((error: unknown) => {
    ready = undefined; // let the next call try again (e.g. PostgreSQL was still starting)
    throw error;
  });
  return ready;
}

async function open(): Promise<DB> {
  const building = process.env.NEXT_PHASE === 'phase-production-build';
  const onQuery = env.LOG_DB_QUERIES ? (sql: string) => logger.info({ sql }, 'db query') : undefined;
  const db = connect(building ? { kind: 'sqlite', path: ':memory:' } : databaseTarget(env.DATABASE_URL), { onQuery });
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

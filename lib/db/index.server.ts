import 'server-only';
import { env } from '../env.server';
import { logger } from '../log.server';
import { databaseTarget, type DatabaseTarget } from '../env-schema';
import { connect, type DB } from './connect.server';
import { existingProcessSingleton, forgetProcessSingleton, processSingleton } from '../runtime/process-singleton';

export type { DB };

/**
 * The process-wide database. It is made ready for this release (migrated, and seeded when new) by
 * whoever starts on it, before anything here is asked for it: the server before Next starts
 * (server/database.ts), the build for its own copy (server/build.mjs). This module only opens it,
 * so the database layer needs none of the domains whose defaults the seed writes (lib/setup/).
 * One handle per database and process (lib/runtime/process-singleton.ts): Next loads this module
 * once per server layer and the server once more, and with SQLite two connections in one thread
 * could stall each other for the whole busy timeout, one holding the write lock across an await
 * while the other waits for it synchronously, blocking the very thread that would release it.
 *
 * During `next build` it is a throw-away SQLite file holding the defaults, which server/build.mjs
 * prepares and names in BUILD_DATABASE_PATH: the build never reads or writes the real database, so
 * a build made anywhere can be deployed anywhere, and the server expires every prerendered page
 * before the first visitor arrives.
 */
export function getDb(): Promise<DB> {
  const building = process.env.NEXT_PHASE === 'phase-production-build';
  const buildDatabase = process.env.BUILD_DATABASE_PATH;
  if (building && !buildDatabase) return Promise.reject(new Error(NO_BUILD_DATABASE));
  const url = building ? `file:${buildDatabase}` : env.DATABASE_URL;
  const name = `db:${url}`;
  return processSingleton(name, () =>
    open(databaseTarget(url)).catch((error: unknown) => {
      forgetProcessSingleton(name); // let the next call try again
      throw error;
    }),
  );
}

const NO_BUILD_DATABASE =
  'next build reads a database of defaults that `node server/build.mjs` (npm run build) prepares and names in BUILD_DATABASE_PATH: build with that.';

/** Closes the process's handle (the server's graceful stop); a later getDb() opens a new one. */
export async function closeDb(): Promise<void> {
  const name = `db:${env.DATABASE_URL}`;
  const ready = existingProcessSingleton<Promise<DB>>(name);
  forgetProcessSingleton(name);
  await (await ready?.catch(() => null))?.destroy();
}

async function open(target: DatabaseTarget): Promise<DB> {
  const onQuery = env.LOG_DB_QUERIES ? (sql: string) => logger.info({ sql }, 'db query') : undefined;
  return connect(target, { onQuery });
}

/** True when the database (the server's, or `db`) answers a trivial query. */
export async function isDatabaseReachable(db: () => Promise<DB> = getDb): Promise<boolean> {
  try {
    await (await db()).selectFrom('app_meta').select('key').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}

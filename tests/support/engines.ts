import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { seedIfEmpty } from '../../lib/db/seed.server';
import { postgresUrl, tempPostgres, tempSqlite } from './temp-db';

/**
 * The engines a database test runs on: a real SQLite file always, PostgreSQL when
 * TEST_POSTGRES_URL is set. Each open() gives a migrated database seeded at a fixed time.
 */
export const engines: [string, () => Promise<{ db: DB; cleanup: () => Promise<void> }>][] = [
  ['SQLite', async () => tempSqlite()],
  ...(postgresUrl
    ? [['PostgreSQL', () => tempPostgres(postgresUrl!)] as [string, () => Promise<{ db: DB; cleanup: () => Promise<void> }>]]
    : []),
];

export function seededDatabases(
  cleanups: (() => Promise<void>)[],
  open: () => Promise<{ db: DB; cleanup: () => Promise<void> }>,
) {
  return async (): Promise<DB> => {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, new Date('2026-11-01T00:00:00Z'));
    return handle.db;
  };
}

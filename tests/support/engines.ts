import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { seedIfEmpty } from '../../lib/setup/seed.server';
import { postgresUrl, tempPostgres, tempSqlite } from './temp-db';

/**
 * The engines a database test runs on, for `describe.each`: a real SQLite file always, PostgreSQL
 * when TEST_POSTGRES_URL is set. A test that needs more than a handle passes its own openers.
 */
export function testEngines<E>(
  sqlite: () => Promise<E>,
  postgres: (adminUrl: string) => Promise<E>,
): [string, () => Promise<E>][] {
  return [
    ['SQLite', sqlite],
    ...(postgresUrl ? [['PostgreSQL', () => postgres(postgresUrl!)] as [string, () => Promise<E>]] : []),
  ];
}

/**
 * A fresh database on each engine, migrated to the latest schema (PostgreSQL's a copy of the run's
 * template, ./postgres-template.ts); see seededDatabases for one seeded too.
 */
export const engines = testEngines<{ db: DB; cleanup: () => Promise<void> }>(
  async () => {
    const handle = tempSqlite();
    await migrateToLatest(handle.db);
    return handle;
  },
  (adminUrl) => tempPostgres(adminUrl, { migrated: true }),
);

/** A fresh, empty database on each engine: for the tests of the migrations themselves. */
export const emptyEngines = testEngines<{ db: DB; cleanup: () => Promise<void> }>(async () => tempSqlite(), tempPostgres);

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

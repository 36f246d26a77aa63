import { inject } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { createPostgresDatabase, postgresUrl } from './postgres-database';
import { tempDatabasePath } from './temp-path';

/** A real SQLite file in a fresh temporary folder. */
export function tempSqlite(): { db: DB; path: string; cleanup: () => Promise<void> } {
  const { path, cleanup } = tempDatabasePath();
  const db = connect({ kind: 'sqlite', path });
  return {
    db,
    path,
    cleanup: async () => {
      await db.destroy();
      cleanup();
    },
  };
}

export { postgresUrl };

/**
 * A new PostgreSQL database, dropped again by cleanup: empty, or `migrated` to the latest schema
 * (a copy of the run's migrated template, ./postgres-template.ts, where the run has one).
 */
export async function tempPostgres(
  adminUrl: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ db: DB; url: string; cleanup: () => Promise<void> }> {
  const template = migrated ? inject('postgresTemplate') : null;
  const database = await createPostgresDatabase(adminUrl, template ?? undefined);
  const db = connect({ kind: 'postgres', url: database.url });
  if (migrated && !template) await migrateToLatest(db);
  return {
    db,
    url: database.url,
    cleanup: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}

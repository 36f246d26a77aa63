import { connect, type DB } from '../../lib/db/connect.server';
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

/** A new, empty PostgreSQL database, dropped again by cleanup. */
export async function tempPostgres(adminUrl: string): Promise<{ db: DB; url: string; cleanup: () => Promise<void> }> {
  const database = await createPostgresDatabase(adminUrl);
  const db = connect({ kind: 'postgres', url: database.url });
  return {
    db,
    url: database.url,
    cleanup: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}

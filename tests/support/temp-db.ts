import pg from 'pg';
import { connect, type DB } from '../../lib/db/connect.server';
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

/** The PostgreSQL server tests may use (.ci/run sets it when it can start one). */
export const postgresUrl = process.env.TEST_POSTGRES_URL;

/** A new, empty PostgreSQL database, dropped again by cleanup. */
export async function tempPostgres(adminUrl: string): Promise<{ db: DB; url: string; cleanup: () => Promise<void> }> {
  const name = `clp_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = connect({ kind: 'postgres', url: url.toString() });
  return {
    db,
    url: url.toString(),
    cleanup: async () => {
      await db.destroy();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

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
      try {
        await dropWhenClosed(again, name);
      } finally {
        await again.end();
      }
    },
  };
}

/**
 * Drops a test database once the pool's connections have closed. pg's Pool.end() resolves before
 * the server has seen every connection go, and dropping WITH (FORCE) then kills a connection the
 * pool is still closing: its FATAL message surfaces as an uncaught error in whichever test runs.
 */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      // 55006: the database is still being accessed by other users.
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

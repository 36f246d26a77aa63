import 'server-only';
import { sql } from 'kysely';
import { recordArchiveBaselines } from '../archive/baseline.server';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import { migrateToLatest } from '../db/migrate.server';
import { registerDomainHooks } from './hooks.server';
import { sealAtRestOnce } from './seal-at-rest.server';
import { seedIfEmpty } from './seed.server';

// lib/setup makes a database ready for this release. It sits on the domains, whose defaults the
// seed writes, so lib/db never needs them; the server (server/database.ts), the build's database
// (server/build-database.ts) and tests call it, nothing in the app (docs/architecture.md, "Layers").

/**
 * The PostgreSQL advisory lock held while a database is migrated and seeded: a fixed number that
 * nothing else uses (Kysely's own migration lock is 3853314791062309107). In `pg_locks` it shows as
 * locktype advisory, classid 1714737, objid 2810786859, objsubid 1.
 */
export const STARTUP_LOCK_KEY = 7_364_742_147_028_011;

/**
 * Brings a database to this release's schema, then fills a new one with the default content, as
 * one step under the start-up lock: of several instances starting at once on one PostgreSQL
 * database, one migrates and seeds while the others wait, then find nothing left to do. Kysely's
 * migration lock alone would cover the migrations but not the seed after them.
 */
export async function prepareDatabase(
  db: DB,
  options: { onWait?: () => void; now?: Date } = {},
): Promise<{ applied: string[]; seeded: boolean }> {
  // Start-up's one call into lib/ before serving: the process's hooks are set here too.
  registerDomainHooks();
  return withStartupLock(
    db,
    async (locked) => {
      const applied = await migrateToLatest(locked);
      await sealAtRestOnce(locked, options.now);
      const seeded = await seedIfEmpty(locked, options.now);
      // What the site shows before its first change goes into the ad archive (issue 31, point 5).
      await recordArchiveBaselines(locked, options.now);
      return { applied, seeded };
    },
    options.onWait,
  );
}

/**
 * Runs `work` on one connection holding the start-up lock, calling `onWait` first when another
 * session holds it. The lock belongs to the session, not to a transaction, because the work is
 * several transactions; PostgreSQL releases it when that session ends, so an instance that dies
 * half-way never blocks the others. SQLite serves one process (ADR 002): there `work` runs as is.
 */
export async function withStartupLock<T>(db: DB, work: (db: DB) => Promise<T>, onWait?: () => void): Promise<T> {
  if (engineOf(db) !== 'postgres') return work(db);
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${STARTUP_LOCK_KEY}::bigint) as locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) {
      onWait?.();
      await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY}::bigint)`.execute(connection);
    }
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      // The work's own error is the one worth reporting; a connection that broke has lost its lock.
      await unlock(connection).catch(() => undefined);
      throw error;
    }
    await unlock(connection);
    return result;
  });
}

async function unlock(connection: DB): Promise<void> {
  await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY}::bigint)`.execute(connection);
}

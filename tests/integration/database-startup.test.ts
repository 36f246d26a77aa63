import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '../../lib/db/connect.server';
import { migrations } from '../../lib/db/migrations';
import { prepareDatabase, STARTUP_LOCK_KEY, withStartupLock } from '../../lib/setup/prepare.server';
import { seedPosts } from '../../lib/posts/seed';
import { seedRates } from '../../lib/rates/seed';
import { migrateDatabase } from '../../server/database';
import type { DB } from '../../lib/db/connect.server';
import { postgresUrl, tempPostgres } from '../support/temp-db';
import { tempDatabasePath } from '../support/temp-path';

/**
 * The server's first step, `migrateDatabase` (server/database.ts): migrations and the first-start
 * seed run once per database, however many instances start at the same moment.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const everyMigration = Object.keys(migrations);

async function seededRows(db: DB) {
  const count = async (table: 'rates' | 'posts' | 'site_content') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return {
    migrations: applied.rows.map((row) => row.name),
    rates: await count('rates'),
    posts: await count('posts'),
    content: await count('site_content'),
  };
}

const once = { migrations: everyMigration, rates: seedRates.length, posts: seedPosts.length, content: 1 };

describe('SQLite (a real file)', () => {
  it('migrates and seeds on the first start, and finds nothing to do on the next', async () => {
    const { path, cleanup } = tempDatabasePath();
    cleanups.push(async () => cleanup());
    expect(await migrateDatabase(`file:${path}`)).toEqual({ applied: everyMigration, seeded: true });
    expect(await migrateDatabase(`file:${path}`)).toEqual({ applied: [], seeded: false });
    const db = connect({ kind: 'sqlite', path });
    cleanups.push(() => db.destroy());
    expect(await seededRows(db)).toEqual(once);
  });
});

describe.runIf(postgresUrl)('PostgreSQL (TEST_POSTGRES_URL)', () => {
  async function emptyDatabase() {
    const database = await tempPostgres(postgresUrl!);
    cleanups.push(database.cleanup);
    return database;
  }

  /** A connection of the test's own, standing in for another instance. */
  async function otherSession(url: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    // A session the test ends on purpose reports it as an error event.
    client.on('error', () => undefined);
    await client.connect();
    cleanups.push(() => client.end().catch(() => undefined));
    return client;
  }

  it('four instances starting at once: one migrates and seeds, the others wait and find nothing to do', async () => {
    const { db, url } = await emptyDatabase();
    const results = await Promise.all([1, 2, 3, 4].map(() => migrateDatabase(url)));
    expect(results.filter((r) => r.seeded)).toEqual([{ applied: everyMigration, seeded: true }]);
    expect(results.filter((r) => !r.seeded)).toEqual(Array(3).fill({ applied: [], seeded: false }));
    expect(await seededRows(db)).toEqual(once);
  });

  it('waits while another instance holds the start-up lock, and goes on when that instance dies', async () => {
    const { db, url } = await emptyDatabase();
    const holder = await otherSession(url);
    const { rows } = await holder.query<{ pid: number }>(
      'select pg_backend_pid() as pid from (select pg_advisory_lock($1::bigint)) as locked',
      [STARTUP_LOCK_KEY],
    );

    const starting = connect({ kind: 'postgres', url });
    cleanups.push(() => starting.destroy());
    let waiting!: () => void;
    const waited = new Promise<void>((resolve) => (waiting = resolve));
    let finished = false;
    const prepared = prepareDatabase(starting, { onWait: waiting }).finally(() => (finished = true));
    await waited;

    // Blocked on the lock: not one migration has run, not even the creation of Kysely's table.
    const admin = await otherSession(url);
    expect((await admin.query("select to_regclass('kysely_migration') as t")).rows[0].t).toBeNull();
    expect(finished).toBe(false);

    // The holder's process is killed: PostgreSQL ends its session, and its lock with it.
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    expect(await prepared).toEqual({ applied: everyMigration, seeded: true });
    expect(await seededRows(db)).toEqual(once);
  });

  it('releases the lock when the work fails, so the next instance does not wait', async () => {
    const { url } = await emptyDatabase();
    const first = connect({ kind: 'postgres', url });
    const second = connect({ kind: 'postgres', url });
    cleanups.push(
      () => first.destroy(),
      () => second.destroy(),
    );
    await expect(
      withStartupLock(first, async () => {
        throw new Error('migration 0099 failed');
      }),
    ).rejects.toThrow('migration 0099 failed');
    let waited = false;
    expect(
      await withStartupLock(
        second,
        async () => 'ran',
        () => (waited = true),
      ),
    ).toBe('ran');
    expect(waited).toBe(false);
  });
});

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl, tempPostgres, tempSqlite } from '../../tests/support/temp-db';
import type { DB } from './connect.server';
import { migrateToLatest } from './migrate.server';
import { migrations } from './migrations';
import { seedIfEmpty } from '../setup/seed.server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The same checks on every engine: one migration set must behave identically on both. */
function behavesOnEveryEngine(open: () => Promise<{ db: DB; cleanup: () => Promise<void> }>) {
  async function fresh() {
    const handle = await open();
    cleanups.push(handle.cleanup);
    return handle.db;
  }

  it('applies every migration to an empty database, and re-running is a no-op', async () => {
    const db = await fresh();
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'site_content',
        'rates',
        'posts',
        'app_meta',
        'admin_users',
        'activity_log',
        'admin_sessions',
        'sign_in_attempts',
        'content_revisions',
        'media',
        'post_redirects',
        'leads',
        'notifications',
        'notification_attempts',
        'payments',
        'payment_events',
      ]),
    );
    expect(tables).not.toContain('lead_notifications');
    expect(tables).not.toContain('lead_notification_attempts');
  });

  it('stores binary media bytes unchanged (blob / bytea) and cascades post redirects', async () => {
    const db = await fresh();
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const bytes = Buffer.from([0, 1, 2, 255, 254, 0, 37, 80, 68, 70]);
    await db
      .insertInto('media')
      .values({
        id: 'm1',
        kind: 'pdf',
        content_type: 'application/pdf',
        bytes,
        width: null,
        height: null,
        byte_size: bytes.length,
        sha256: 'x',
        created_at: new Date().toISOString(),
      })
      .execute();
    const row = await db.selectFrom('media').select('bytes').where('id', '=', 'm1').executeTakeFirstOrThrow();
    expect(Buffer.from(row.bytes).equals(bytes)).toBe(true);

    const [post] = await db.selectFrom('posts').select('id').execute();
    await db.insertInto('post_redirects').values({ old_slug: 'old', post_id: post!.id, created_at: 'now' }).execute();
    await db.deleteFrom('posts').where('id', '=', post!.id).execute();
    expect(await db.selectFrom('post_redirects').selectAll().execute()).toEqual([]);
  });

  it('keeps post slugs unique', async () => {
    const db = await fresh();
    await migrateToLatest(db);
    await seedIfEmpty(db);
    const [post] = await db.selectFrom('posts').selectAll().execute();
    await expect(
      db
        .insertInto('posts')
        .values({ ...post!, id: 'copy' })
        .execute(),
    ).rejects.toThrow();
  });
}

describe('SQLite (a real file)', () => {
  behavesOnEveryEngine(async () => tempSqlite());

  it('opens the file with WAL, foreign keys, synchronous=FULL and a busy timeout', async () => {
    const handle = tempSqlite();
    cleanups.push(handle.cleanup);
    const pragma = async (name: string) => {
      const { rows } = await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(handle.db);
      return Object.values(rows[0] ?? {})[0];
    };
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('busy_timeout')).toBe(5000);
  });
});

describe.runIf(postgresUrl)('PostgreSQL (TEST_POSTGRES_URL)', () => {
  behavesOnEveryEngine(async () => tempPostgres(postgresUrl!));
});

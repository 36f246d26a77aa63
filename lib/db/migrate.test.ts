import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl, tempPostgres, tempSqlite } from '../../tests/support/temp-db';
import { defaultContent } from '../content/defaults';
import { readSiteContent } from '../content/queries.server';
import { readPostBySlug, readPosts } from '../posts/queries.server';
import { readRates } from '../rates/queries.server';
import type { DB } from './connect.server';
import { migrateToLatest } from './migrate.server';
import { migrations } from './migrations';
import { seedIfEmpty } from './seed.server';

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

  it("seeds the default content, the spec's four rates and two posts exactly once", async () => {
    const db = await fresh();
    await migrateToLatest(db);
    expect(await seedIfEmpty(db, new Date('2026-11-21T10:00:00Z'))).toBe(true);
    expect(await seedIfEmpty(db)).toBe(false);

    expect(await readSiteContent(db)).toEqual(defaultContent);
    const rates = await readRates(db);
    expect(rates.map((r) => [r.type, r.rate, r.apr, r.term, r.icon])).toEqual([
      ['Residential', '6.75%', '7.15%', '12-18 months', 'Building'],
      ['Remodeling', '7.25%', '7.65%', 'up to 12 months', 'TrendingUp'],
      ['Owner Builder', '7.50%', '7.95%', '12 months', 'Banknote'],
      ['Land', '8.50%', '8.90%', '3-5 years', 'Percent'],
    ]);
    const posts = await readPosts(db);
    expect(posts).toHaveLength(2);
    expect(posts.every((p) => !p.isCustom && p.publishedAt === '2026-11-21')).toBe(true);
    const guide = await readPostBySlug(db, 'understanding-construction-loans');
    expect(guide?.bodyHtml).toMatch(/20-25%/);
    expect(guide?.bodyHtml).toMatch(/10-15%/);
    expect(guide?.bodyHtml).toMatch(/720/);
    expect((await readPostBySlug(db, 'owner-builder-loans-explained'))?.bodyHtml).toMatch(/30-35%/);
    expect(await readPostBySlug(db, 'no-such-post')).toBeNull();
  });

  it('does not bring the samples back once the owner has removed them', async () => {
    const db = await fresh();
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await db.deleteFrom('rates').execute();
    await seedIfEmpty(db);
    expect(await readRates(db)).toEqual([]);
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

import { afterEach, describe, expect, it } from 'vitest';
import { postgresUrl, tempPostgres, tempSqlite } from '../../tests/support/temp-db';
import { defaultContent } from '../content/defaults';
import { readSiteContent } from '../content/queries.server';
import type { DB } from '../db/connect.server';
import { migrateToLatest } from '../db/migrate.server';
import { readPostBySlug, readPosts } from '../posts/queries.server';
import { readRates } from '../rates/queries.server';
import { seedIfEmpty } from './seed.server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The first-start seed, the same on every engine. */
function seedsOnEveryEngine(open: () => Promise<{ db: DB; cleanup: () => Promise<void> }>) {
  async function fresh() {
    const handle = await open();
    cleanups.push(handle.cleanup);
    return handle.db;
  }

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
}

describe('SQLite (a real file)', () => {
  seedsOnEveryEngine(async () => tempSqlite());
});

describe.runIf(postgresUrl)('PostgreSQL (TEST_POSTGRES_URL)', () => {
  seedsOnEveryEngine(async () => tempPostgres(postgresUrl!));
});

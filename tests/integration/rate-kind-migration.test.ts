import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultContent } from '../../lib/content/defaults';
import { CONTENT_VERSION } from '../../lib/content/document';
import { readSiteContent } from '../../lib/content/queries.server';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { migrations } from '../../lib/db/migrations';
import { updateRate } from '../../lib/rates/mutations.server';
import { readRates } from '../../lib/rates/queries.server';
import { emptyEngines } from '../support/engines';

/**
 * A database written by the release before rate kinds and the representative example: its rates
 * become fixed (migration 0009) and its version-1 content gains the default example's loan, with
 * every text the owner wrote kept.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the rows as they were before 0009 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const { example: _example, ...oldRatesPage } = defaultContent.rates;
const oldContent = { ...defaultContent, rates: { ...oldRatesPage, title: "The owner's rates title" } };

describe.each(emptyEngines)('rate kinds and the example on an older database (%s)', (_engine, open) => {
  it('makes every stored rate fixed and upgrades the content document', async () => {
    const handle = await open();
    cleanups.push(handle.cleanup);
    const db: DB = handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0008_cache_tags');
    if (error) throw error;

    const old = db as any;
    await old
      .insertInto('rates')
      .values({
        id: 'rate-old',
        type: 'Jumbo',
        icon: 'Percent',
        rate: '7.49%',
        apr: '7.99%',
        term: '12 months',
        notes: '',
        position: 0,
        updated_at: '2026-10-01T00:00:00.000Z',
      })
      .execute();
    await old
      .insertInto('site_content')
      .values({ id: 'site', schema_version: 1, revision: 3, document: JSON.stringify(oldContent), updated_at: '2026-10-01' })
      .execute();

    expect(await migrateToLatest(db)).toContain('0009_rate_type');
    const [rate] = await readRates(db);
    expect(rate).toMatchObject({ id: 'rate-old', rate: '7.49%', apr: '7.99%', rateKind: 'fixed' });

    const content = await readSiteContent(db);
    expect(content.rates.title).toBe("The owner's rates title");
    expect(content.rates.example).toEqual(defaultContent.rates.example);
    expect(CONTENT_VERSION).toBeGreaterThanOrEqual(2); // version 2 gave the example; later versions keep it

    await updateRate(db, 'rate-old', { ...rate!, rateKind: 'adjustable' });
    expect((await readRates(db))[0]?.rateKind).toBe('adjustable');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { seedIfEmpty } from '../../lib/setup/seed.server';
import { recordReport } from '../../lib/vitals/record.server';
import type { VitalsReport } from '../../lib/vitals/report';
import { pruneVitals } from '../../lib/vitals/store.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * Page views for the overview's conversion by landing page, counted by the Web Vitals beacon: once
 * per view, on its first report, however its reports are split and whichever of two instances
 * receives them, even at the same moment.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function twoInstances(handle: { db: DB; cleanup: () => Promise<void> }, other: () => DB): Promise<DB[]> {
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db, new Date('2026-11-01T00:00:00Z'));
  const second = other();
  cleanups.push(() => second.destroy());
  return [handle.db, second];
}

const instances = testEngines(
  async () => {
    const handle = tempSqlite();
    return twoInstances(handle, () => connect({ kind: 'sqlite', path: handle.path }));
  },
  async (adminUrl) => {
    const handle = await tempPostgres(adminUrl);
    return twoInstances(handle, () => connect({ kind: 'postgres', url: handle.url }));
  },
);

const NOW = new Date('2026-11-22T15:00:00Z');
const log = { error: vi.fn() };
const record = (db: DB, report: VitalsReport, now = NOW) => recordReport(report, { db, now, log });
const report = (id: string, metrics: VitalsReport['metrics'], path = '/'): VitalsReport => ({
  id: id.repeat(32 / id.length),
  path,
  device: 'mobile',
  connection: '4g',
  metrics,
});
const pageViews = (db: DB) => db.selectFrom('page_views').selectAll().orderBy('day').orderBy('path').execute();

describe.each(instances)('page views on %s', (_engine, open) => {
  it('counts a view on its first report only, from either instance', async () => {
    const [db, other] = await open();
    await record(db!, report('a1', { TTFB: 80, FCP: 900 }, '/rates?utm_source=news'));
    // The same view hidden again: only what changed, metrics never sent before, another instance.
    await record(other!, report('a1', { INP: 200, CLS: 0.1 }, '/rates'));
    await record(db!, report('a1', { INP: 300 }, '/rates'));
    await record(other!, report('b2', { LCP: 1200 }, '/rates/'));
    await record(db!, report('c3', { LCP: 1500 }));
    expect(await pageViews(db!)).toEqual([
      { day: '2026-11-22', path: '/', views: 1 },
      { day: '2026-11-22', path: '/rates', views: 2 },
    ]);
  });

  it('counts a view once when its reports reach two instances at the same moment', async () => {
    const [db, other] = await open();
    const ids = ['d4', 'e5', 'f6', '07', '18', '29'];
    await Promise.all(
      ids.flatMap((id) => [record(db!, report(id, { LCP: 1000, TTFB: 50 })), record(other!, report(id, { INP: 90, CLS: 0 }))]),
    );
    expect(await pageViews(db!)).toEqual([{ day: '2026-11-22', path: '/', views: ids.length }]);
  });

  it('counts nothing for a report that is refused', async () => {
    const [db] = await open();
    expect((await record(db!, report('3a', { LCP: 900 }, '/admin/leads'))).ok).toBe(false);
    expect(await pageViews(db!)).toEqual([]);
    expect(await db!.selectFrom('page_view_ids').selectAll().execute()).toEqual([]);
  });

  it('keeps the daily counts when the view ids are pruned with the Web Vitals', async () => {
    const [db] = await open();
    const old = new Date(NOW.getTime() - 91 * 86_400_000);
    await record(db!, report('4b', { LCP: 900 }), old);
    await record(db!, report('5c', { LCP: 900 }));
    await pruneVitals(db!, NOW);
    expect((await db!.selectFrom('page_view_ids').select('view_id').execute()).map((row) => row.view_id)).toEqual([
      '5c'.repeat(16),
    ]);
    expect((await pageViews(db!)).map((row) => row.views)).toEqual([1, 1]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { seedIfEmpty } from '../../lib/setup/seed.server';
import type { DeviceClass, MetricName } from '../../lib/vitals/metrics';
import { readSiteSpeed } from '../../lib/vitals/queries.server';
import { recordReport } from '../../lib/vitals/record.server';
import type { VitalsReport } from '../../lib/vitals/report';
import { MAX_REPORTS, pruneVitals } from '../../lib/vitals/store.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * Field data on real SQLite and PostgreSQL: a page view counts each metric once (later reports
 * replace it, up to a limit, also across two instances), the 75th percentile is the same on both
 * engines, and only the last 28 days count.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SEED_DATE = new Date('2026-11-01T00:00:00Z');

/** Migrated and seeded (the posts), plus a second handle on the same database: another instance. */
async function sqliteInstances(): Promise<DB[]> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db, SEED_DATE);
  const other = connect({ kind: 'sqlite', path: handle.path });
  cleanups.push(() => other.destroy());
  return [handle.db, other];
}

async function postgresInstances(adminUrl: string): Promise<DB[]> {
  const handle = await tempPostgres(adminUrl, { migrated: true });
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  await seedIfEmpty(handle.db, SEED_DATE);
  const other = connect({ kind: 'postgres', url: handle.url });
  cleanups.push(() => other.destroy());
  return [handle.db, other];
}

const NOW = new Date('2026-11-22T15:00:00Z');
const log = { error: vi.fn() };
let views = 0;

function report(
  metrics: Partial<Record<MetricName, number>>,
  options: { path?: string; device?: DeviceClass; id?: string } = {},
) {
  views++;
  return {
    id: options.id ?? views.toString(16).padStart(32, '0'),
    path: options.path ?? '/',
    device: options.device ?? 'mobile',
    connection: '4g',
    metrics,
  } satisfies VitalsReport;
}

const record = (db: DB, sent: VitalsReport, now = NOW) => recordReport(sent, { db, now, log });
const rows = (db: DB) => db.selectFrom('web_vitals').selectAll().orderBy('metric').execute();

describe.each(testEngines(sqliteInstances, postgresInstances))('field data on %s', (_engine, open) => {
  it('stores one row per metric of a view, and nothing about the visitor', async () => {
    const [db] = await open();
    const sent = report({ LCP: 1234.5, CLS: 0.02, TTFB: 80 }, { path: '/rates/?utm_source=x' });
    expect(await record(db!, sent)).toEqual({ ok: true });
    expect(await rows(db!)).toEqual(
      (['CLS', 'LCP', 'TTFB'] as const).map((metric) => ({
        view_id: sent.id,
        metric,
        path: '/rates',
        device: 'mobile',
        connection: '4g',
        day: '2026-11-22',
        value: sent.metrics[metric],
        reports: 1,
      })),
    );
  });

  it('counts a view once: a later report replaces its values, from any instance', async () => {
    const [db, other] = await open();
    const id = 'ab'.repeat(16);
    await record(db!, report({ LCP: 1000, INP: 40, CLS: 0 }, { id }));
    // The page was shown again and hidden again: INP and CLS grew, and go to another instance.
    expect(await record(other!, report({ INP: 350, CLS: 0.3 }, { id }))).toEqual({ ok: true });
    expect((await rows(db!)).map((row) => [row.metric, row.value, row.reports])).toEqual([
      ['CLS', 0.3, 2],
      ['INP', 350, 2],
      ['LCP', 1000, 1],
    ]);
    const speed = await readSiteSpeed(db!, { now: NOW, device: null });
    expect(speed.views).toBe(1);
    expect(speed.site.INP).toEqual({ p75: 350, views: 1 });
  });

  it('holds the per-view limit when reports of one view reach two instances at once', async () => {
    const instances = await open();
    const id = 'cd'.repeat(16);
    const results = await Promise.all(
      Array.from({ length: MAX_REPORTS + 6 }, (_, i) =>
        record(instances[i % 2]!, report({ INP: 100 + i, CLS: i / 100 }, { id })),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(MAX_REPORTS);
    expect(results.filter((result) => !result.ok)).toEqual(
      Array(6).fill({ ok: false, status: 429, message: 'This page view has already reported too often.' }),
    );
    expect((await rows(instances[0]!)).map((row) => [row.metric, row.reports])).toEqual([
      ['CLS', MAX_REPORTS],
      ['INP', MAX_REPORTS],
    ]);
  });

  it('refuses a path that is not one of the pages, and stores nothing', async () => {
    const [db] = await open();
    for (const path of ['/admin/leads', '/no-such-page', '/blog/no-such-post', '/blog/Upper', '/api/vitals'])
      expect(await record(db!, report({ LCP: 900 }, { path }))).toEqual({
        ok: false,
        status: 422,
        message: 'Invalid report: path is not a page of this site.',
      });
    expect(await rows(db!)).toEqual([]);
    expect(await record(db!, report({ LCP: 900 }, { path: '/blog/understanding-construction-loans' }))).toEqual({ ok: true });
  });

  it('gives the nearest-rank 75th percentile per page, for the whole site and per day', async () => {
    const [db] = await open();
    // Rates: 1..8 s, in shuffled order: position ceil(0.75 * 8) = 6.
    for (const seconds of [5, 1, 8, 3, 6, 2, 7, 4]) await record(db!, report({ LCP: seconds * 1000 }, { path: '/rates' }));
    // Home: five views, position ceil(3.75) = 4; ties count as separate views.
    for (const ms of [100, 300, 300, 300, 900]) await record(db!, report({ INP: ms, LCP: 1000 }));
    const yesterday = new Date(NOW.getTime() - 86_400_000);
    await record(db!, report({ LCP: 9000 }), yesterday);

    const speed = await readSiteSpeed(db!, { now: NOW, device: null });
    expect(speed.views).toBe(14);
    // Most viewed first.
    expect(speed.pages).toEqual([
      { path: '/rates', metrics: { LCP: { p75: 6000, views: 8 } } },
      { path: '/', metrics: { LCP: { p75: 1000, views: 6 }, INP: { p75: 300, views: 5 } } },
    ]);
    // Site-wide LCP over 14 values (1000 x6, 2000..8000, 9000): position ceil(10.5) = 11 is 6000;
    // today's 13 (without 9000): position ceil(9.75) = 10 is 5000.
    expect(speed.site).toEqual({ LCP: { p75: 6000, views: 14 }, INP: { p75: 300, views: 5 } });
    expect(speed.daily.LCP.slice(-2)).toEqual([
      { day: '2026-11-21', p75: 9000, views: 1 },
      { day: '2026-11-22', p75: 5000, views: 13 },
    ]);
    expect(speed.daily.CLS.every((day) => day.p75 === null && day.views === 0)).toBe(true);
  });

  it('counts the last 28 days, today included, and filters by device', async () => {
    const [db] = await open();
    const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
    await record(db!, report({ FCP: 1000 }), daysAgo(28));
    await record(db!, report({ FCP: 2000 }), daysAgo(27));
    await record(db!, report({ FCP: 3000 }, { device: 'desktop' }));
    const speed = await readSiteSpeed(db!, { now: NOW, device: null });
    expect([speed.from, speed.to]).toEqual(['2026-10-26', '2026-11-22']);
    expect(speed.daily.FCP).toHaveLength(28);
    expect(speed.site.FCP).toEqual({ p75: 3000, views: 2 });
    expect((await readSiteSpeed(db!, { now: NOW, device: 'mobile' })).site.FCP).toEqual({ p75: 2000, views: 1 });
    expect((await readSiteSpeed(db!, { now: NOW, device: 'desktop' })).site.FCP).toEqual({ p75: 3000, views: 1 });
  });

  it('prunes the days older than 90', async () => {
    const [db] = await open();
    await record(db!, report({ TTFB: 100 }), new Date(NOW.getTime() - 91 * 86_400_000));
    await record(db!, report({ TTFB: 200 }), new Date(NOW.getTime() - 90 * 86_400_000));
    expect(await pruneVitals(db!, NOW)).toBe(1);
    expect((await rows(db!)).map((row) => row.value)).toEqual([200]);
  });
});

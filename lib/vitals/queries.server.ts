import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../db/connect.server';
import { daysBefore, lastDays, utcDay, WINDOW_DAYS } from './days';
import { METRIC_NAMES, type DeviceClass, type MetricName } from './metrics';
import type { DayPercentile, MetricPercentiles, SiteSpeed } from './types';

/**
 * The Site Speed page's figures: the 75th percentile of each metric over the last 28 days, per
 * page, for the whole site, and per day. The percentile is the nearest-rank one (PostgreSQL's
 * percentile_disc): of n values in order, the one at position ceil(0.75 n). It is computed with
 * window functions in one statement that SQLite and PostgreSQL both run, so the figures are the
 * same on either engine and no row leaves the database.
 */

interface Filter {
  since: string;
  until: string;
  device: DeviceClass | null;
}

const inWindow = ({ since, until, device }: Filter) =>
  sql`day >= ${since} and day <= ${until}${device ? sql` and device = ${device}` : sql``}`;

/** One row per group and metric: its 75th percentile and the number of values. */
async function percentiles(db: DB, group: 'path' | 'day' | null, filter: Filter) {
  const key: RawBuilder<unknown> = group ? sql.ref(group) : sql.lit('');
  const partition = group ? sql`${sql.ref(group)}, metric` : sql`metric`;
  const { rows } = await sql<{ grp: string; metric: MetricName; p75: number; views: number | string }>`
    select grp, metric, min(value) as p75, max(total) as views
    from (
      select ${key} as grp, metric, value,
        row_number() over (partition by ${partition} order by value) as place,
        count(*) over (partition by ${partition}) as total
      from web_vitals
      where ${inWindow(filter)}
    ) ranked
    where place * 4 >= total * 3
    group by grp, metric`.execute(db);
  return rows.map((row) => ({ group: row.grp, metric: row.metric, p75: Number(row.p75), views: Number(row.views) }));
}

async function countViews(db: DB, filter: Filter): Promise<number> {
  const { rows } = await sql<{ views: number | string }>`
    select count(distinct view_id) as views from web_vitals where ${inWindow(filter)}`.execute(db);
  return Number(rows[0]?.views ?? 0);
}

export async function readSiteSpeed(db: DB, options: { now: Date; device: DeviceClass | null }): Promise<SiteSpeed> {
  const filter = { since: daysBefore(options.now, WINDOW_DAYS - 1), until: utcDay(options.now), device: options.device };
  const [views, site, byPage, byDay] = await Promise.all([
    countViews(db, filter),
    percentiles(db, null, filter),
    percentiles(db, 'path', filter),
    percentiles(db, 'day', filter),
  ]);

  const pages = new Map<string, MetricPercentiles>();
  for (const { group, metric, p75, views } of byPage) pages.set(group, { ...pages.get(group), [metric]: { p75, views } });
  const mostViews = (metrics: MetricPercentiles) => Math.max(...Object.values(metrics).map((figure) => figure.views));

  const days = lastDays(options.now, WINDOW_DAYS);
  const daily = Object.fromEntries(
    METRIC_NAMES.map((metric) => {
      const found = new Map(byDay.filter((row) => row.metric === metric).map((row) => [row.group, row]));
      return [metric, days.map((day) => ({ day, p75: found.get(day)?.p75 ?? null, views: found.get(day)?.views ?? 0 }))];
    }),
  ) as Record<MetricName, DayPercentile[]>;

  return {
    from: filter.since,
    to: filter.until,
    device: options.device,
    views,
    site: Object.fromEntries(site.map(({ metric, p75, views }) => [metric, { p75, views }])),
    pages: [...pages]
      .map(([path, metrics]) => ({ path, metrics }))
      .sort((a, b) => mostViews(b.metrics) - mostViews(a.metrics) || a.path.localeCompare(b.path)),
    daily,
  };
}

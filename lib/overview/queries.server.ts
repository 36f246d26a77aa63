import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { LEAD_KINDS } from '../leads/admin/filter';
import { daysBefore, lastDays, utcDay } from '../vitals/days';
import type { DayCounts, LandingConversion, LeadKind, OverviewCharts, OverviewFigures } from './figures';
import { UNKNOWN_SOURCE, type ChartRange } from './window';

/**
 * The overview's figures and charts (/admin), each one grouped query that SQLite and PostgreSQL
 * answer alike. Spam never counts. Leads' times are ISO strings in UTC, so a day's or a window's
 * leads are a range of created_at, and a lead's UTC day is its first ten characters.
 */

/** The first instant of the UTC day `days` days before now's. */
const dayStart = (now: Date, days: number) => `${daysBefore(now, days)}T00:00:00.000Z`;

const notSpam = (db: DB) => db.selectFrom('leads').where('is_spam', '=', 0);

async function countSince(db: DB, since: string): Promise<number> {
  const row = await notSpam(db)
    .where('created_at', '>=', since)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The median of some numbers: the middle one, or the mean of the two middle ones. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Submission to first contact: the first status change of each lead submitted since `since`. A
 * change to 'spam' (or back to 'new' from it) is not contact; any step along the pipeline is,
 * 'Closed lost' included. At most a month of leads, so the durations are taken here.
 */
async function firstContact(db: DB, since: string): Promise<OverviewFigures['firstContact']> {
  const rows = await notSpam(db)
    .innerJoin('lead_status_changes as change', 'change.lead_id', 'leads.id')
    .where('leads.created_at', '>=', since)
    .where('change.to_status', 'not in', ['new', 'spam'])
    .groupBy(['leads.id', 'leads.created_at'])
    .select((eb) => ['leads.created_at as submitted', eb.fn.min('change.at').as('first')])
    .execute();
  const durations = rows.map((row) => Math.max(0, Date.parse(String(row.first)) - Date.parse(row.submitted)));
  return { medianMs: median(durations), leads: durations.length };
}

export async function readFigures(db: DB, now: Date): Promise<OverviewFigures> {
  const [today, last7, last30, waiting, contact] = await Promise.all([
    countSince(db, dayStart(now, 0)),
    countSince(db, dayStart(now, 6)),
    countSince(db, dayStart(now, 29)),
    notSpam(db)
      .where('status', '=', 'new')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
      .executeTakeFirstOrThrow(),
    firstContact(db, dayStart(now, 29)),
  ]);
  return {
    today: utcDay(now),
    newLeads: { today, last7, last30 },
    notContacted: { count: Number(waiting.n), oldestAt: waiting.oldest ?? null },
    firstContact: contact,
  };
}

async function perDay(db: DB, now: Date, range: ChartRange): Promise<DayCounts[]> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await notSpam(db)
    .where('created_at', '>=', dayStart(now, range - 1))
    .groupBy([day, 'kind'])
    .select((eb) => [day.as('day'), 'kind', eb.fn.countAll<number | string>().as('n')])
    .execute();
  const empty = () => Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])) as Record<LeadKind, number>;
  const days = new Map(lastDays(now, range).map((d) => [d, empty()]));
  for (const row of rows) {
    const counts = days.get(row.day);
    if (counts && row.kind in counts) counts[row.kind as LeadKind] = Number(row.n);
  }
  return [...days].map(([d, counts]) => ({ day: d, counts }));
}

async function bySource(db: DB, since: string) {
  const rows = await notSpam(db)
    .where('created_at', '>=', since)
    .groupBy('first_source')
    .select((eb) => ['first_source', eb.fn.countAll<number | string>().as('n')])
    .execute();
  return rows
    .map((row) => ({ source: row.first_source || UNKNOWN_SOURCE, leads: Number(row.n) }))
    .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source));
}

/** Leads ÷ page views per landing page: the beacon's views (page_views) against first touches. */
async function byLanding(db: DB, since: string, fromDay: string): Promise<LandingConversion[]> {
  const [views, leads] = await Promise.all([
    db
      .selectFrom('page_views')
      .where('day', '>=', fromDay)
      .groupBy('path')
      .select((eb) => ['path', eb.fn.sum<number | string>('views').as('n')])
      .execute(),
    notSpam(db)
      .where('created_at', '>=', since)
      .where('landing_page', '!=', '')
      .groupBy('landing_page')
      .select((eb) => ['landing_page as path', eb.fn.countAll<number | string>().as('n')])
      .execute(),
  ]);
  const pages = new Map<string, { views: number; leads: number }>();
  for (const row of views) pages.set(row.path, { views: Number(row.n), leads: 0 });
  for (const row of leads) pages.set(row.path, { views: pages.get(row.path)?.views ?? 0, leads: Number(row.n) });
  return [...pages]
    .map(([path, { views, leads }]) => ({ path, views, leads, rate: views > 0 ? leads / views : null }))
    .sort((a, b) => b.views - a.views || b.leads - a.leads || a.path.localeCompare(b.path));
}

export async function readCharts(db: DB, now: Date, range: ChartRange): Promise<OverviewCharts> {
  const from = daysBefore(now, range - 1);
  const since = `${from}T00:00:00.000Z`;
  const [days, sources, landing] = await Promise.all([perDay(db, now, range), bySource(db, since), byLanding(db, since, from)]);
  return { range, from, perDay: days, bySource: sources, byLanding: landing };
}

import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { COUNTED, countedTotal, countsSince } from '../leads/admin/counts.server';
import { LEAD_KINDS } from '../leads/admin/filter';
import { daysBefore, lastDays, utcDay } from '../vitals/days';
import type { DayCounts, LandingConversion, LeadKind, OverviewCharts, OverviewFigures } from './figures';
import { UNKNOWN_SOURCE, type ChartRange } from './window';

/**
 * The overview's figures and charts (/admin), read alike on SQLite and PostgreSQL. Spam never
 * counts. The counts come from lead_counts (migration 0029: leads per UTC day by kind, source and
 * landing page, kept exact by triggers), so a period of 90 days reads a few hundred rows whatever
 * the number of leads; the time to first contact from them and each lead's `first_contact_ms`.
 */

const notSpam = (db: DB) => db.selectFrom('leads').where('is_spam', '=', 0);

/** New leads today, in the last 7 days and in the last 30 (today included), in one read. */
async function newLeads(db: DB, now: Date): Promise<OverviewFigures['newLeads']> {
  const since = (days: number) =>
    sql<number | string | null>`sum(case when day >= ${daysBefore(now, days)} then leads else 0 end)`;
  const row = await countsSince(db, COUNTED.kind, daysBefore(now, 29))
    .select([since(0).as('today'), since(6).as('last7'), since(29).as('last30')])
    .executeTakeFirstOrThrow();
  return { today: Number(row.today ?? 0), last7: Number(row.last7 ?? 0), last30: Number(row.last30 ?? 0) };
}

/** The median of some numbers: the middle one, or the mean of the two middle ones. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Submission to first contact of the leads submitted since the UTC day `from`: each lead's first
 * status change that is contact (not to 'new' or 'spam'; 'Closed lost' is), kept as
 * `first_contact_ms`. lead_counts holds how many leads of each day took each step of time (the
 * minute, the hour, the day): they give how many leads there are and which step
 * holds the middle one or two, and only that step's leads are read in order, for the exact median.
 */
async function firstContact(db: DB, from: string): Promise<OverviewFigures['firstContact']> {
  const rows = await countsSince(db, COUNTED.contact, from)
    .groupBy('value')
    .select((eb) => ['value', eb.fn.sum<number | string>('leads').as('n')])
    .orderBy('value')
    .execute();
  const steps = rows.map((row) => ({ from: Number(row.value), leads: Number(row.n) })).filter((step) => step.leads > 0);
  const leads = steps.reduce((sum, step) => sum + step.leads, 0);
  if (leads === 0) return { medianMs: null, leads };
  // The middle lead's place in time order, or the two middle ones' (the first of them here).
  const rank = Math.floor((leads - 1) / 2);
  const count = 2 - (leads % 2);
  let before = 0;
  let i = 0;
  while (before + steps[i]!.leads <= rank) before += steps[i++]!.leads;
  // Two middle leads in two steps: read on to the next step's first.
  const to = before + steps[i]!.leads >= rank + count ? steps[i + 1]?.from : steps[i + 2]?.from;
  const middle = await notSpam(db)
    .where('created_at', '>=', `${from}T00:00:00.000Z`)
    .where('first_contact_ms', '>=', steps[i]!.from)
    .$if(to !== undefined, (qb) => qb.where('first_contact_ms', '<', to!))
    .select('first_contact_ms')
    .orderBy('first_contact_ms')
    .limit(count)
    .offset(rank - before)
    .execute();
  return { medianMs: median(middle.map((row) => Number(row.first_contact_ms))), leads };
}

export async function readFigures(db: DB, now: Date): Promise<OverviewFigures> {
  const [counts, waiting, oldest, contact] = await Promise.all([
    newLeads(db, now),
    countedTotal(db, { status: 'new' }),
    notSpam(db).where('status', '=', 'new').select('created_at').orderBy('created_at').limit(1).executeTakeFirst(),
    firstContact(db, daysBefore(now, 29)),
  ]);
  return {
    today: utcDay(now),
    newLeads: counts,
    notContacted: { count: waiting ?? 0, oldestAt: oldest?.created_at ?? null },
    firstContact: contact,
  };
}

async function perDay(db: DB, now: Date, range: ChartRange): Promise<DayCounts[]> {
  const rows = await countsSince(db, COUNTED.kind, daysBefore(now, range - 1))
    .select(['day', 'value', 'leads'])
    .execute();
  const empty = () => Object.fromEntries(LEAD_KINDS.map((kind) => [kind, 0])) as Record<LeadKind, number>;
  const days = new Map(lastDays(now, range).map((d) => [d, empty()]));
  for (const row of rows) {
    const counts = days.get(row.day);
    if (counts && row.value in counts) counts[row.value as LeadKind] += Number(row.leads);
  }
  return [...days].map(([d, counts]) => ({ day: d, counts }));
}

/** One dimension's leads per value since a day, values with none left out. */
async function countsBy(db: DB, dimension: typeof COUNTED.source | typeof COUNTED.landing, from: string) {
  const rows = await countsSince(db, dimension, from)
    .groupBy('value')
    .select((eb) => ['value', eb.fn.sum<number | string>('leads').as('n')])
    .execute();
  return rows.map((row) => ({ value: row.value, leads: Number(row.n) })).filter((row) => row.leads > 0);
}

async function bySource(db: DB, from: string) {
  return (await countsBy(db, COUNTED.source, from))
    .map((row) => ({ source: row.value || UNKNOWN_SOURCE, leads: row.leads }))
    .sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source));
}

/** Leads ÷ page views per landing page: the beacon's views (page_views) against first touches. */
async function byLanding(db: DB, fromDay: string): Promise<LandingConversion[]> {
  const [views, leads] = await Promise.all([
    db
      .selectFrom('page_views')
      .where('day', '>=', fromDay)
      .groupBy('path')
      .select((eb) => ['path', eb.fn.sum<number | string>('views').as('n')])
      .execute(),
    countsBy(db, COUNTED.landing, fromDay),
  ]);
  const pages = new Map<string, { views: number; leads: number }>();
  for (const row of views) pages.set(row.path, { views: Number(row.n), leads: 0 });
  for (const row of leads) if (row.value) pages.set(row.value, { views: pages.get(row.value)?.views ?? 0, leads: row.leads });
  return [...pages]
    .map(([path, { views, leads }]) => ({ path, views, leads, rate: views > 0 ? leads / views : null }))
    .sort((a, b) => b.views - a.views || b.leads - a.leads || a.path.localeCompare(b.path));
}

export async function readCharts(db: DB, now: Date, range: ChartRange): Promise<OverviewCharts> {
  const from = daysBefore(now, range - 1);
  const [days, sources, landing] = await Promise.all([perDay(db, now, range), bySource(db, from), byLanding(db, from)]);
  return { range, from, perDay: days, bySource: sources, byLanding: landing };
}

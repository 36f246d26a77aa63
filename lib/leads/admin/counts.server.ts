import 'server-only';
import { sql, type SqlBool } from 'kysely';
import type { DB } from '../../db/connect.server';
import type { FilterScope, LeadFilter } from './filter';

/**
 * Totals read from `lead_counts` (migration 0029: leads per UTC day by kind, status, kind and
 * status, assignee and status, first source, landing page and time to first contact, spam apart,
 * kept exact by triggers), so the Leads page and the Overview show exact totals without counting
 * the leads. A filter the table cannot answer (a search, a source, a follow-up, a mark, a kind
 * with an assignee) is counted on the leads themselves.
 */

/** lead_counts' dimensions, as migration 0029 writes them. */
export const COUNTED = {
  kind: 'kind',
  status: 'status',
  kindStatus: 'kind_status',
  /** 'assignee id/status', '/status' for the unassigned. */
  assigneeStatus: 'assignee_status',
  source: 'source',
  landing: 'landing',
  /** The time to first contact in steps (the lower bound in ms, 12 digits): the Overview's median. */
  contact: 'contact',
  spam: 'spam',
} as const;

type Filter = Omit<LeadFilter, 'page'> & FilterScope;

/** Whether lead_counts answers the filter: the folder, kind, status, the dates, or an assignee without a kind. */
function countable(filter: Filter): boolean {
  return !filter.q && !filter.source && !filter.due && !filter.bot && !filter.licenses && !(filter.assignee && filter.kind);
}

/** The rows of one dimension within the filter's days; without dates, its rows for all time (day ''). */
function counted(db: DB, dimension: string, filter: Pick<Filter, 'from' | 'to'>) {
  const query = db.selectFrom('lead_counts').where('dimension', '=', dimension);
  if (!filter.from && !filter.to) return query.where('day', '=', '');
  return query.where('day', '>=', filter.from ?? '0').where('day', '<=', filter.to ?? '9');
}

async function sum(query: ReturnType<typeof counted>): Promise<number> {
  const row = await query.select((eb) => eb.fn.sum<number | string | null>('leads').as('n')).executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/**
 * The values that start with `prefix/` (a kind, an assignee). A LIKE, escaped, not a range: a
 * PostgreSQL database's collation may order '/' by language rules, not by code.
 */
const startingWith = (query: ReturnType<typeof counted>, prefix: string) =>
  query.where(sql<SqlBool>`value like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`} escape '\\'`);

/** The assignee whose leads the filter wants ('' for the unassigned), or null: 'me' with nobody signed in. */
function assigneeOf(filter: Filter): string | null {
  if (filter.assignee === 'none') return '';
  return filter.me || null;
}

/** The filter's exact number of leads, or null when lead_counts cannot tell it. */
export async function countedTotal(db: DB, filter: Filter): Promise<number | null> {
  if (!countable(filter)) return null;
  if (filter.status === 'spam') return filter.kind || filter.assignee ? null : sum(counted(db, COUNTED.spam, filter));
  if (filter.assignee) {
    const assignee = assigneeOf(filter);
    if (assignee === null) return 0;
    const rows = counted(db, COUNTED.assigneeStatus, filter);
    return sum(filter.status ? rows.where('value', '=', `${assignee}/${filter.status}`) : startingWith(rows, assignee));
  }
  if (filter.kind && filter.status)
    return sum(counted(db, COUNTED.kindStatus, filter).where('value', '=', `${filter.kind}/${filter.status}`));
  if (filter.status) return sum(counted(db, COUNTED.status, filter).where('value', '=', filter.status));
  const byKind = counted(db, COUNTED.kind, filter);
  return sum(filter.kind ? byKind.where('value', '=', filter.kind) : byKind);
}

/** The filter's leads per status (outside the spam folder, its status left aside), or null when lead_counts cannot tell. */
export async function countedByStatus(db: DB, filter: Filter): Promise<Map<string, number> | null> {
  if (!countable(filter) || filter.status === 'spam') return null;
  const assignee = filter.assignee ? assigneeOf(filter) : undefined;
  if (assignee === null) return new Map();
  // The values' part before the status: the kind, the assignee, or none.
  const prefix = filter.kind ?? assignee;
  const rows = await (
    prefix === undefined
      ? counted(db, COUNTED.status, filter)
      : startingWith(counted(db, filter.kind ? COUNTED.kindStatus : COUNTED.assigneeStatus, filter), prefix)
  )
    .select('value')
    .select((eb) => eb.fn.sum<number | string>('leads').as('n'))
    .groupBy('value')
    .execute();
  return new Map(rows.map((row) => [prefix === undefined ? row.value : row.value.slice(prefix.length + 1), Number(row.n)]));
}

/** Leads in the spam folder. */
export function countSpam(db: DB): Promise<number> {
  return sum(counted(db, COUNTED.spam, {}));
}

/** The days of one dimension from a UTC day on, for the Overview (lib/overview/queries.server.ts). */
export function countsSince(db: DB, dimension: (typeof COUNTED)[keyof typeof COUNTED], from: string) {
  return counted(db, dimension, { from });
}

import 'server-only';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../db/connect.server';
import type { Database } from '../db/schema';
import { dayAfter, dayStart } from '../time/calendar';
import { ACTIVITY_PAGE_SIZE, filterActions, type ActivityCursor, type ActivityFilter } from './filter';
import { parseDetail } from './format';
import type { ActivityLogEntry } from './types';

/**
 * The activity log's reads: a page of entries newest first, and every entry of a filter for the
 * CSV export. Both walk (at, id) by keyset, never by offset, so a page deep in two years of
 * entries costs what the first one does, and an entry written meanwhile never shifts a page.
 */

export interface ActivityPage {
  entries: ActivityLogEntry[];
  /** For the 'Newer' link (`newer=`): the first entry shown, when newer ones match. */
  newer: ActivityCursor | null;
  /** For the 'Older' link (`older=`): the last entry shown, when older ones match. */
  older: ActivityCursor | null;
}

export type ActivityRange = Omit<ActivityFilter, 'older' | 'newer'>;

type Where = ExpressionBuilder<Database, 'activity_log'>;

const before = (c: ActivityCursor) => (eb: Where) =>
  eb.or([eb('at', '<', c.at), eb.and([eb('at', '=', c.at), eb('id', '<', c.id)])]);
type Condition = ReturnType<typeof before>;
const after = (c: ActivityCursor) => (eb: Where) =>
  eb.or([eb('at', '>', c.at), eb.and([eb('at', '=', c.at), eb('id', '>', c.id)])]);

/** The entries a filter matches, unordered and unpaged (shared by the page and the export). */
function filteredActivity(db: DB, filter: ActivityRange) {
  let query = db.selectFrom('activity_log');
  const actions = filterActions(filter.action);
  if (actions) query = query.where('action', 'in', actions.length > 0 ? actions : ['']);
  if (filter.actor) query = query.where(sql`lower(actor)`, '=', filter.actor.toLowerCase());
  if (filter.from) query = query.where('at', '>=', dayStart(filter.from));
  if (filter.to) query = query.where('at', '<', dayAfter(filter.to));
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql`lower(target)`, 'like', sql`${pattern} escape '\\'`);
  }
  return query;
}

const COLUMNS = ['id', 'at', 'actor', 'action', 'target', 'detail', 'ip'] as const;

type Row = { id: string; at: string; actor: string; action: string; target: string; detail: string; ip: string };
const toEntry = (row: Row): ActivityLogEntry => ({ ...row, detail: parseDetail(row.detail) });

export async function activityPage(db: DB, filter: ActivityFilter, pageSize = ACTIVITY_PAGE_SIZE): Promise<ActivityPage> {
  // 'Newer' walks up from its cursor (oldest first) and turns the page round.
  const upwards = filter.newer !== undefined;
  const order = upwards ? 'asc' : 'desc';
  let query = filteredActivity(db, filter).select(COLUMNS);
  if (filter.older) query = query.where(before(filter.older));
  if (filter.newer) query = query.where(after(filter.newer));
  const rows = await query
    .orderBy('at', order)
    .orderBy('id', order)
    .limit(pageSize + 1)
    .execute();
  const more = rows.length > pageSize;
  // Back at the top: the newest page, full, as the first visit showed it.
  if (upwards && !more) return activityPage(db, { ...filter, newer: undefined }, pageSize);
  const entries = rows.slice(0, pageSize).map(toEntry);
  if (upwards) entries.reverse();
  const first = entries[0];
  const last = entries.at(-1);
  const any = async (where: Condition) =>
    (await filteredActivity(db, filter).select('id').where(where).limit(1).executeTakeFirst()) !== undefined;
  const hasNewer = upwards || (first !== undefined && filter.older !== undefined && (await any(after(first))));
  const hasOlder = upwards ? last !== undefined && (await any(before(last))) : more;
  return {
    entries,
    newer: hasNewer && first ? { at: first.at, id: first.id } : null,
    older: hasOlder && last ? { at: last.at, id: last.id } : null,
  };
}

/** Every entry of a filter, newest first, in keyset-paged batches (the CSV export streams these). */
export async function* exportActivity(db: DB, filter: ActivityRange, batch = 500): AsyncGenerator<ActivityLogEntry> {
  let cursor: ActivityCursor | null = null;
  for (;;) {
    let query = filteredActivity(db, filter).select(COLUMNS);
    if (cursor) query = query.where(before(cursor));
    const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').limit(batch).execute();
    for (const row of rows) yield toEntry(row);
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    cursor = { at: last.at, id: last.id };
  }
}

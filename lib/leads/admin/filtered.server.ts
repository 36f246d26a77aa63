import 'server-only';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { engineOf } from '../../db/engine';
import type { DB } from '../../db/connect.server';
import type { Database } from '../../db/schema';
import { searchPatterns } from '../search-text';
import { followUpFilter } from '../pipeline/follow-up-filter.server';
import { dayAfter, dayStart } from '../../time/calendar';
import type { FilterScope, LeadCursor, LeadFilter } from './filter';

/**
 * A filter of the Leads tab as a query on `leads`, unordered and unpaged: the list, its count, the
 * board, the export and the search's walk (./search-walk.server.ts) start from it.
 */

/**
 * Counts stop here ('1,000+ leads'): an exact count of a large search or mixed filter costs a walk
 * of every matching lead and tells nothing a narrower filter would not.
 */
export const COUNT_CAP = 1_000;
/**
 * A search's count stops sooner ('100+ leads', and each board column's '100+'): a search is how
 * someone finds a person, and a word common enough to match more tells them to narrow it. At a
 * million leads, counting a name in 7,000 of them to 1,000 walked 150,000 index entries or read
 * all 7,000 rows (90 ms on PostgreSQL); to 100, a tenth of that walk (issue 32's budget is 25 ms).
 */
export const SEARCH_COUNT_CAP = 100;

/** Where a filter's count on the leads stops: the list's and each of the board's columns'. */
export const countCapOf = (filter: Pick<LeadFilter, 'q'>) =>
  searchPatterns(filter.q ?? '').length > 0 ? SEARCH_COUNT_CAP : COUNT_CAP;

export type Filter = Omit<LeadFilter, 'page' | 'older' | 'newer'> & FilterScope;

/**
 * How a search is matched: 'like' on the `search` column (in list order, on the folder's index
 * entries), 'fts' by SQLite's trigram index, the rowids that index already gave (searchPath), or
 * the ids PostgreSQL's walk in list order found (./search-walk.server.ts).
 */
export type SearchPath = 'like' | 'fts' | readonly number[] | { ids: readonly string[] };

/**
 * The filtered leads, unordered and unpaged (shared by the list, its count, the board and the
 * export). A search uses SQLite's trigram index whenever it can unless `search` says otherwise.
 */
export function filteredLeads(db: DB, filter: Filter, search: SearchPath = defaultPath(db, filter)) {
  const patterns = searchPatterns(filter.q ?? '');
  const fts = patterns.length > 0 && search !== 'like';
  // On SQLite a search of 3+ characters is driven by the FTS5 trigram index: its few matching rows
  // are read by rowid and sorted. The unary + keeps the planner from walking a folder index in
  // list order instead and probing every lead against the matches.
  const folder = filter.status === 'spam' ? 1 : 0;
  let query = fts
    ? db.selectFrom('leads').where(sql<number>`+leads.is_spam`, '=', folder)
    : db.selectFrom('leads').where('leads.is_spam', '=', folder);
  if (filter.kind) query = query.where('leads.kind', '=', filter.kind);
  if (filter.bot === 'possible') query = query.where('leads.possible_bot', '=', 1);
  if (filter.licenses === 'outside') query = query.where('leads.outside_licenses', '=', 1);
  // An assignee without a kind (a board column of 'Assigned to me'): SQLite walks the assignee's
  // index, which carries the status and the sources, rather than the status's, where it would read
  // each lead's row to check the assignee.
  const byAssignee = filter.assignee && !filter.kind && engineOf(db) === 'sqlite';
  if (filter.status && filter.status !== 'spam')
    query = query.where(byAssignee ? sql<string>`+leads.status` : 'leads.status', '=', filter.status);
  if (filter.from) query = query.where('leads.created_at', '>=', dayStart(filter.from));
  if (filter.to) query = query.where('leads.created_at', '<', dayAfter(filter.to));
  const source = filter.source;
  if (source) query = query.where((eb) => eb.or([eb('leads.first_source', '=', source), eb('leads.last_source', '=', source)]));
  if (patterns.length > 0) {
    if (typeof search === 'string') query = query.where((eb) => eb.or(patterns.map((p) => (fts ? ftsMatch(p) : likeMatch(p)))));
    else if ('ids' in search) query = query.where('leads.id', 'in', search.ids.length ? search.ids : ['']);
    else query = query.where(sql<SqlBool>`leads.rowid in (${sql.join(search.length ? search : [0])})`);
  }
  return followUpFilter(query, filter);
}

/** The search's LIKE on a `search` column (the table's, or a subquery's). */
export const likeMatch = (pattern: string, column = 'leads.search') =>
  sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
// SQLite's FTS5 trigram index (migration 0005) serves LIKE for 3+ characters without escapes.
const usesTrigrams = (pattern: string) => pattern.length >= 5 && !pattern.slice(1, -1).includes('\\');
const usesFts = (db: DB, patterns: string[]) => engineOf(db) === 'sqlite' && patterns.length > 0 && patterns.every(usesTrigrams);
export const defaultPath = (db: DB, filter: Pick<Filter, 'q'>): SearchPath =>
  usesFts(db, searchPatterns(filter.q ?? '')) ? 'fts' : 'like';
const ftsMatch = (pattern: string) =>
  sql<SqlBool>`leads.rowid in (select rowid from leads_search_fts where search like ${pattern})`;

/**
 * How to match the filter's search: on SQLite, the trigram index's rowids when it matches few
 * leads (at most COUNT_CAP, read once here and sorted by the list's query); a common word
 * ('garcia': one lead in twelve) is found sooner by walking the folder's index in list order, whose
 * entries carry `search`, as it is on PostgreSQL (whose planner weighs its trigram index itself).
 */
export async function searchPath(db: DB, filter: Pick<LeadFilter, 'q'>): Promise<SearchPath> {
  const patterns = searchPatterns(filter.q ?? '');
  if (!usesFts(db, patterns)) return 'like';
  const rows = await db
    .selectFrom('leads_search_fts' as never)
    .select(sql<number>`rowid`.as('id'))
    .where((eb) => eb.or(patterns.map((p) => sql<SqlBool>`search like ${p}`)))
    .limit(COUNT_CAP + 1)
    .execute();
  return rows.length <= COUNT_CAP ? rows.map((row) => row.id) : 'like';
}

type Where = ExpressionBuilder<Database, 'leads'>;
/**
 * Leads listed after the cursor's (older), and before it (newer). The bound on created_at alone is
 * what both engines turn into a range of the index; the rest settles ties in the same millisecond.
 */
export const olderThan = (c: LeadCursor) => (eb: Where) =>
  eb.and([
    eb('leads.created_at', '<=', c.createdAt),
    eb.or([eb('leads.created_at', '<', c.createdAt), eb('leads.id', '<', c.id)]),
  ]);
export const newerThan = (c: LeadCursor) => (eb: Where) =>
  eb.and([
    eb('leads.created_at', '>=', c.createdAt),
    eb.or([eb('leads.created_at', '>', c.createdAt), eb('leads.id', '>', c.id)]),
  ]);

import 'server-only';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import { engineOf } from '../../db/engine';
import type { DB } from '../../db/connect.server';
import type { Database } from '../../db/schema';
import type { LeadKind } from '../fields';
import { joinLeadEmail } from '../queries.server';
import { searchPatterns } from '../search-text';
import type { NotificationStatus } from '../types';
import { parseBotSignals } from '../spam-words';
import { followUpFilter } from '../pipeline/follow-up-filter.server';
import { dayAfter, dayStart } from '../../time/calendar';
import { countedTotal, countSpam } from './counts.server';
import type { FilterScope, LeadCursor, LeadFilter } from './filter';
import type { LeadPage } from './types';

/**
 * The Leads tab's reads. Every filter starts with the folder (is_spam) and orders newest first by
 * (created_at, id), so each filter walks one of the folder's indexes (migrations 0005 and 0029) in
 * order and stops after a page; the search is a LIKE over the normalized `search` column. Pages
 * past the first are read by keyset from Next and Previous (`older`/`newer`), and a page asked for
 * by number alone finds its first lead on an index without reading the leads it skips. Totals come
 * exact from lead_counts (./counts.server.ts) when the filter is its folder, kind, status and
 * dates; any other filter is counted on the leads, up to COUNT_CAP.
 */

export const PAGE_SIZE = 25;
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

type Filter = Omit<LeadFilter, 'page' | 'older' | 'newer'> & FilterScope;

/**
 * How a search is matched: 'like' on the `search` column (in list order, on the folder's index
 * entries), 'fts' by SQLite's trigram index, or the rowids that index already gave (searchPath).
 */
export type SearchPath = 'like' | 'fts' | readonly number[];

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
    if (typeof search === 'object') query = query.where(sql<SqlBool>`leads.rowid in (${sql.join(search.length ? search : [0])})`);
    else query = query.where((eb) => eb.or(patterns.map((p) => (fts ? ftsMatch(p) : likeMatch(p)))));
  }
  return followUpFilter(query, filter);
}

const likeMatch = (pattern: string) => sql<SqlBool>`leads.search like ${pattern} escape '\\'`;
// SQLite's FTS5 trigram index (migration 0005) serves LIKE for 3+ characters without escapes.
const usesTrigrams = (pattern: string) => pattern.length >= 5 && !pattern.slice(1, -1).includes('\\');
const usesFts = (db: DB, patterns: string[]) => engineOf(db) === 'sqlite' && patterns.length > 0 && patterns.every(usesTrigrams);
const defaultPath = (db: DB, filter: Pick<Filter, 'q'>): SearchPath =>
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
const olderThan = (c: LeadCursor) => (eb: Where) =>
  eb.and([
    eb('leads.created_at', '<=', c.createdAt),
    eb.or([eb('leads.created_at', '<', c.createdAt), eb('leads.id', '<', c.id)]),
  ]);
const newerThan = (c: LeadCursor) => (eb: Where) =>
  eb.and([
    eb('leads.created_at', '>=', c.createdAt),
    eb.or([eb('leads.created_at', '>', c.createdAt), eb('leads.id', '>', c.id)]),
  ]);

/** Where a page starts: after a lead (Next), before one (Previous), or a number of leads in. */
type Place = { older: LeadCursor } | { newer: LeadCursor } | { offset: number };

/**
 * One page of the list, newest first (exported for the query-plan test). Without a cursor it is
 * the page's number of leads in; with `newer` it walks up, oldest first (searchLeads turns it round).
 */
export function leadPageQuery(
  db: DB,
  filter: Filter & { page?: number },
  pageSize = PAGE_SIZE,
  place: Place = { offset: ((filter.page ?? 1) - 1) * pageSize },
  search = defaultPath(db, filter),
) {
  const order = 'newer' in place ? 'asc' : 'desc';
  // A search by the trigram index sorts all its matches anyway: count them in the same pass.
  const sorted = search !== 'like' && searchPatterns(filter.q ?? '').length > 0;
  let walk = filteredLeads(db, filter, search);
  if ('older' in place) walk = walk.where(olderThan(place.older));
  if ('newer' in place) walk = walk.where(newerThan(place.newer));
  // The page's leads are cut first and only they join the outbox: PostgreSQL, which takes any
  // search for about 100 leads (its trigram estimate), joined every match before sorting them
  // (6,741 outbox probes for 'carlos.wilso' at a million leads, where the page needs 25).
  const page = walk
    .select('leads.id')
    .$if(sorted, (qb) => qb.select(sql<number | string>`count(*) over ()`.as('full_count')))
    .orderBy('leads.created_at', order)
    .orderBy('leads.id', order)
    .limit(pageSize)
    .$if('offset' in place && place.offset > 0, (qb) => qb.offset('offset' in place ? place.offset : 0))
    .as('page');
  return joinLeadEmail(db.selectFrom('leads'))
    .innerJoin(page, 'page.id', 'leads.id')
    .select([
      'leads.id',
      'leads.kind',
      'leads.type',
      'leads.name',
      'leads.email',
      'leads.phone',
      'leads.status',
      'leads.is_spam',
      'leads.spam_reason',
      'leads.possible_bot',
      'leads.bot_signals',
      'leads.property_state',
      'leads.outside_licenses',
      'leads.created_at',
      'leads.follow_up_on',
      'n.status as notification_status',
      'n.last_error',
    ])
    .$if(sorted, (qb) => qb.select('page.full_count'))
    .orderBy('leads.created_at', order)
    .orderBy('leads.id', order);
}

/**
 * The lead just before a page asked for by number: read from the filter's index alone (no outbox
 * join, no table row), so page 400 costs a walk of 10,000 index entries, not 10,000 joins.
 */
async function leadBefore(db: DB, filter: Filter, offset: number, search: SearchPath): Promise<LeadCursor | null> {
  const row = await filteredLeads(db, filter, search)
    .select(['leads.created_at', 'leads.id'])
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(1)
    .offset(offset - 1)
    .executeTakeFirst();
  return row ? { createdAt: row.created_at, id: row.id } : null;
}

/** Where the filter's page starts: its cursor, else its number (page 1 has neither). */
function placeOf(filter: LeadFilter, pageSize: number): Place {
  if (filter.page > 1 && filter.older) return { older: filter.older };
  if (filter.page > 1 && filter.newer) return { newer: filter.newer };
  return { offset: (filter.page - 1) * pageSize };
}

/**
 * Counts the filter's leads up to COUNT_CAP + 1 (the list's total; the board's columns go on from
 * a lead with `after` and stop at `cap`). In list order, so that it walks the index the page
 * walked (left unordered, SQLite may pick an index that matches more columns but must read each
 * lead's row to check the rest).
 */
export async function cappedCount(
  db: DB,
  filter: Filter,
  search: SearchPath,
  { after, cap = COUNT_CAP + 1 }: { after?: LeadCursor; cap?: number } = {},
): Promise<number> {
  const row = await db
    .selectFrom(
      filteredLeads(db, filter, search)
        .select(sql<number>`1`.as('one'))
        .$if(after !== undefined, (qb) => qb.where(olderThan(after!)))
        .orderBy('leads.created_at', 'desc')
        .orderBy('leads.id', 'desc')
        .limit(cap)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function searchLeads(db: DB, filter: LeadFilter & FilterScope, pageSize = PAGE_SIZE): Promise<LeadPage> {
  const search = await searchPath(db, filter);
  let place = placeOf(filter, pageSize);
  const top = 'offset' in place && place.offset === 0;
  if ('offset' in place && place.offset > 0) {
    const before = await leadBefore(db, filter, place.offset, search);
    place = before ? { older: before } : place;
  }
  // One lead more than the page: whether an older page follows.
  const read = await leadPageQuery(db, filter, pageSize + 1, place, search).execute();
  // Previous, when the leads above have gone or moved: back at the top, page 1 as first shown.
  if ('newer' in place && read.length <= pageSize) return searchLeads(db, { ...filter, page: 1, newer: undefined }, pageSize);
  const rows = 'newer' in place ? read.slice(0, pageSize).reverse() : read.slice(0, pageSize);
  const hasOlder = 'newer' in place || read.length > pageSize;
  const page = filter.page;
  const exact = await countedTotal(db, filter);
  const cap = countCapOf(filter);
  // A short first page is the whole result: no count needed (the usual case of a search for one person).
  // (Counted over the whole filter only from the top: a keyset page's window starts at its cursor.)
  const windowed = top ? rows[0]?.full_count : undefined;
  const counted =
    exact ??
    (windowed !== undefined
      ? Math.min(Number(windowed), cap + 1)
      : page === 1 && rows.length < pageSize
        ? rows.length
        : await cappedCount(db, filter, search, { cap: cap + 1 }));
  const capped = exact === null && counted > cap;
  const first = rows[0];
  const last = rows.at(-1);
  return {
    leads: rows.map((row) => ({
      id: row.id,
      kind: row.kind as LeadKind,
      type: row.type,
      name: row.name,
      email: row.email,
      phone: row.phone,
      status: row.status,
      isSpam: row.is_spam === 1,
      spamReason: row.spam_reason,
      possibleBot: Number(row.possible_bot) === 1,
      botSignals: parseBotSignals(row.bot_signals),
      propertyState: row.property_state,
      outsideLicenses: Number(row.outside_licenses) === 1,
      createdAt: row.created_at,
      followUpOn: row.follow_up_on,
      notification: row.notification_status
        ? { status: row.notification_status as NotificationStatus, lastError: row.last_error }
        : null,
    })),
    total: capped ? cap : counted,
    totalCapped: capped,
    page,
    pageSize,
    spamCount: await countSpam(db),
    older: hasOlder && last ? { createdAt: last.created_at, id: last.id } : null,
    newer: page > 1 && first ? { createdAt: first.created_at, id: first.id } : null,
  };
}

/** A lead as the CSV export reads it. */
export type ExportedLead = Awaited<ReturnType<typeof exportBatch>>[number];

/** The next `batch` leads of a filter after `after` (newest first): one indexed range read. */
function exportBatch(db: DB, filter: Filter, after: LeadCursor | null, batch: number) {
  let query = joinLeadEmail(filteredLeads(db, filter)).select([
    'leads.id',
    'leads.kind',
    'leads.type',
    'leads.fields',
    'leads.name',
    'leads.email',
    'leads.phone',
    'leads.page',
    'leads.status',
    'leads.spam_reason',
    'leads.possible_bot',
    'leads.bot_signals',
    'leads.attribution',
    'leads.notes',
    'leads.consent_at',
    'leads.consent_page',
    'leads.created_at',
    'n.status as notification_status',
    'n.last_error',
  ]);
  if (after) query = query.where(olderThan(after));
  return query.orderBy('leads.created_at', 'desc').orderBy('leads.id', 'desc').limit(batch).execute();
}

/**
 * Every lead of a filter, newest first, in keyset-paged batches (the CSV export streams these):
 * a batch is read only when the previous one has been consumed, and only one is held at a time.
 */
export async function* exportLeads(db: DB, filter: Filter, batch = 500) {
  let after: LeadCursor | null = null;
  for (;;) {
    const rows = await exportBatch(db, filter, after, batch);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}

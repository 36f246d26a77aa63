import 'server-only';
import { sql, type SqlBool } from 'kysely';
import { engineOf } from '../../db/engine';
import type { DB } from '../../db/connect.server';
import { searchNeedles } from '../search-text';
import { countedTotal } from './counts.server';
import type { LeadCursor } from './filter';
import { filteredLeads, olderThan, type Filter } from './filtered.server';

/**
 * A search's first page, and the pages Next reads, on PostgreSQL: found by walking the list in
 * order before asking the trigram index.
 *
 * PostgreSQL guesses about 100 matches for any LIKE its statistics do not cover, so it reads every
 * match through the trigram index and sorts them. For a text whose every trigram is common (a
 * whole name, 'olivia.moore': 7,000 of a million leads) the index alone takes 21-25 ms, and reading
 * its matches as much again: 82 ms at p95 for the list's page and count. Walking the folder's index
 * in list order (its entries carry `search`: no table row is read) finds that name's page and its
 * '100+' in about 14,000 entries, 6 ms. A rare text ('liam.brown22', 76 leads) is the trigram
 * index's, and the walk must not cost it much: a first walk of 2,000 entries that finds fewer than
 * 5 matches hands it to the index at once (about 1 ms lost). Only a text that common walks on, up
 * to one lead in 50 of the folder (WALK_SIZES).
 *
 * Each walk is a subquery with its own LIMIT, so the planner cannot swap it for the trigram index or
 * a parallel scan, and its row numbers tell whether it reached the end of the filter's leads. It
 * looks for the text with strpos, which is the same test as the LIKE of `%text%` at half its cost.
 */

/** How far the walks go (tests walk a few hundred leads with smaller ones). */
export const WALK_SIZES = {
  first: 2_000,
  /** A text found this often in the first walk is common enough that its page and count are near. */
  firstHits: 5,
  /** The longer walk reads at most one lead in this many of the folder's (at a million, 20,000 entries: about 8 ms). */
  share: 50,
  max: 20_000,
  /** Below this folder size the trigram index is cheap anyway (its lists grow with the table). */
  minFolder: 50_000,
};

/** A search's first matches in list order, and its count. */
export interface WalkedSearch {
  /** The first matches, at most the page asked for. */
  ids: string[];
  /** Matches counted: all of them unless `more`. */
  count: number;
  /** More leads may match than `count` (the cap was reached, or the walk stopped short of the end). */
  more: boolean;
  via: 'walk' | 'index';
}

/**
 * The first `page` leads of a search in list order (after the cursor `after`: Next), and the whole
 * search's count up to `cap` (from the top, whatever the page), or null where the planner's own
 * path is kept: SQLite, which has its own trigram probe (./filtered.server.ts); filters with no
 * ordered index carrying `search`; and a folder small enough for the trigram index to be cheap.
 *
 * When the walk has found a page's worth but not `cap` matches, the count is what it found, and
 * `more` ('57+ leads'): counting on would read the rest of the list or every match's row (a text in
 * 3,000 of a million leads: 60 ms and more).
 */
export async function walkedSearch(
  db: DB,
  filter: Filter,
  { page, cap, after }: { page: number; cap: number; after?: LeadCursor },
  sizes = WALK_SIZES,
): Promise<WalkedSearch | null> {
  const scope = await walkable(db, filter, sizes);
  if (!scope) return null;
  if (after) {
    // Next: its page from the cursor, looking for the page only, while the whole search is counted
    // from the top on a connection of its own (PostgreSQL runs the two walks side by side). A text
    // too rare past the cursor goes to the index, which counts as it reads: that count walk is lost.
    const [next, top] = await Promise.all([walks(db, scope, after, page, sizes), walks(db, scope, undefined, cap + 1, sizes)]);
    if (next.ids.length < page && next.unread) return sortedFromIndex(db, filter, after, page, cap);
    const counted = countOfWalk(top, page, cap) ?? (await countFromIndex(db, filter, cap));
    return { ids: next.ids.slice(0, page), ...counted, via: 'walk' };
  }
  // Each walk stops at cap + 1 matches: one more than the count shows, whether there are more.
  const top = await walks(db, scope, undefined, cap + 1, sizes);
  const counted = countOfWalk(top, page, cap);
  return counted ? { ids: top.ids.slice(0, page), ...counted, via: 'walk' } : sortedFromIndex(db, filter, undefined, page, cap);
}

interface Scope {
  needles: string[];
  folder: number;
  /** The filter without its search: what the walk goes through in list order. */
  rest: Filter;
}

async function walkable(db: DB, filter: Filter, sizes: typeof WALK_SIZES): Promise<Scope | null> {
  const needles = searchNeedles(filter.q ?? '');
  if (engineOf(db) !== 'postgres' || needles.length === 0) return null;
  // The folder, kind and status indexes (migration 0005) carry `search` and walk dates as a range.
  if (filter.source || filter.due || filter.bot || filter.licenses || filter.assignee) return null;
  const folder = (await countedTotal(db, { status: filter.status === 'spam' ? 'spam' : undefined })) ?? 0;
  return folder < sizes.minFolder ? null : { needles, folder, rest: { ...filter, q: undefined } };
}

/** The first walk, then the longer one when the first found the text often enough. */
async function walks(db: DB, scope: Scope, after: LeadCursor | undefined, matches: number, sizes: typeof WALK_SIZES) {
  const from = { filter: scope.rest, after };
  const first = await walk(db, from, scope.needles, sizes.first, matches);
  const longer = Math.min(sizes.max, Math.round(scope.folder / sizes.share));
  if (first.ids.length >= matches || !first.unread || first.ids.length < sizes.firstHits || longer <= sizes.first) return first;
  return walk(db, from, scope.needles, longer, matches);
}

/** The count a walk from the top tells, or null when it found too few to tell one. */
function countOfWalk(walked: { ids: string[]; unread: boolean }, page: number, cap: number) {
  if (walked.ids.length > cap) return { count: cap, more: true };
  if (!walked.unread) return { count: walked.ids.length, more: false };
  if (walked.ids.length >= page) return { count: walked.ids.length, more: true };
  return null;
}

/**
 * A text too rare for the walk: every match the trigram index gives, sorted and counted in one
 * read; the page is the first `page` of them (after the cursor, when there is one). The subquery's
 * OFFSET keeps the planner from walking the list in order instead: it guesses from its histogram,
 * and a text that resembles a common one ('maria.moore2', 800 leads, guessed 9,800) was walked
 * through 197,000 entries (77 ms) where the index reads its 800 (19 ms, most of it the table's rows).
 */
async function sortedFromIndex(
  db: DB,
  filter: Filter,
  after: LeadCursor | undefined,
  page: number,
  cap: number,
): Promise<WalkedSearch> {
  const matches = filteredLeads(db, filter, 'like')
    .select(['leads.id', 'leads.created_at', sql<number | string>`count(*) over ()`.as('total')])
    .offset(0)
    .as('m');
  const rows = await db
    .selectFrom(matches)
    .select(['m.id', 'm.total'])
    .$if(after !== undefined, (qb) =>
      qb.where(
        sql<SqlBool>`(m.created_at < ${after!.createdAt} or (m.created_at = ${after!.createdAt} and m.id < ${after!.id}))`,
      ),
    )
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(Math.max(page, 1))
    .execute();
  // No match past the cursor: the count is the index's, read apart.
  const total = rows[0] ? Number(rows[0].total) : after ? null : 0;
  const counted = total === null ? await countFromIndex(db, filter, cap) : { count: Math.min(total, cap), more: total > cap };
  return { ids: rows.slice(0, page).map((row) => row.id), ...counted, via: 'index' };
}

/** The whole search counted to `cap` from the trigram index, unordered: its first cap + 1 rows are enough. */
async function countFromIndex(db: DB, filter: Filter, cap: number) {
  const matches = filteredLeads(db, filter, 'like')
    .select(sql<number>`1`.as('one'))
    .limit(cap + 1)
    .as('m');
  const row = await db
    .selectFrom(matches)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  const counted = Number(row.count);
  return { count: Math.min(counted, cap), more: counted > cap };
}

/**
 * The first `matches` within the filter's first `limit` leads (after the cursor, when there is one),
 * and whether leads remain past them.
 */
async function walk(db: DB, rest: { filter: Filter; after?: LeadCursor }, needles: string[], limit: number, matches: number) {
  const found = (column: string) =>
    sql<SqlBool>`(${sql.join(
      needles.map((needle) => sql`strpos(${sql.ref(column)}, ${needle}) > 0`),
      sql` or `,
    )})`;
  const walked = filteredLeads(db, rest.filter, 'like')
    .$if(rest.after !== undefined, (qb) => qb.where(olderThan(rest.after!)))
    .select([
      'leads.id',
      'leads.created_at',
      'leads.search',
      sql<number | string>`row_number() over (order by leads.created_at desc, leads.id desc)`.as('n'),
    ])
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(limit)
    .as('w');
  // The matches, and the walk's last entry (n = limit) when it got that far: whether leads remain unread.
  const rows = await db
    .selectFrom(walked)
    .select(['w.id', 'w.n', found('w.search').as('hit')])
    .where((eb) => eb.or([found('w.search'), eb('w.n', '=', limit)]))
    // In the walk's own order (not by n), so that the planner sees it is already sorted.
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(matches + 1)
    .execute();
  return { ids: rows.filter((row) => row.hit).map((row) => row.id), unread: rows.some((row) => Number(row.n) === limit) };
}

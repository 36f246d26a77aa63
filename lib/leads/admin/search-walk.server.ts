import 'server-only';
import { sql, type SqlBool } from 'kysely';
import { engineOf } from '../../db/engine';
import type { DB } from '../../db/connect.server';
import { searchNeedles } from '../search-text';
import { countedTotal } from './counts.server';
import type { LeadCursor } from './filter';
import { filteredLeads, olderThan, type Filter } from './filtered.server';

/**
 * PostgreSQL's first page of a search, found by walking the list in order before asking the
 * trigram index.
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
 * The first `page` leads of a search in list order (after the cursor `after`: Next), counted to
 * `cap` (from the cursor on, with one), or null where the planner's
 * own path is kept: SQLite, which has its own trigram probe (./filtered.server.ts); filters with no
 * ordered index carrying `search`; and a folder small enough for the trigram index to be cheap.
 *
 * When the longer walk has found the page but not `cap` matches, the count is what it found, and
 * `more` ('57+ leads'): counting on would read the rest of the list or every match's row (a text in
 * 3,000 of a million leads: 60 ms and more).
 */
export async function walkedSearch(
  db: DB,
  filter: Filter,
  { page, cap, after }: { page: number; cap: number; after?: LeadCursor },
  sizes = WALK_SIZES,
): Promise<WalkedSearch | null> {
  const needles = searchNeedles(filter.q ?? '');
  if (engineOf(db) !== 'postgres' || needles.length === 0) return null;
  // The folder, kind and status indexes (migration 0005) carry `search` and walk dates as a range.
  if (filter.source || filter.due || filter.bot || filter.licenses || filter.assignee) return null;
  const folder = (await countedTotal(db, { status: filter.status === 'spam' ? 'spam' : undefined })) ?? 0;
  if (folder < sizes.minFolder) return null;
  const rest = { filter: { ...filter, q: undefined }, after };
  const found = (ids: string[], via: WalkedSearch['via'], more = ids.length > cap): WalkedSearch => ({
    ids: ids.slice(0, page),
    count: Math.min(ids.length, cap),
    more,
    via,
  });
  // Each walk or read stops at cap + 1 matches: one more than the count shows, whether there are more.
  const first = await walk(db, rest, needles, sizes.first, cap + 1);
  if (first.ids.length > cap || !first.unread) return found(first.ids, 'walk');
  const longer = Math.min(sizes.max, Math.round(folder / sizes.share));
  if (first.ids.length >= sizes.firstHits && longer > sizes.first) {
    const long = await walk(db, rest, needles, longer, cap + 1);
    if (long.ids.length > cap || !long.unread) return found(long.ids, 'walk');
    if (long.ids.length >= page) return found(long.ids, 'walk', true);
  }
  if (page === 0) {
    const counted = await countBySearchIndex(db, filter, after, cap + 1);
    return { ids: [], count: Math.min(counted, cap), more: counted > cap, via: 'index' };
  }
  return found(await bySearchIndex(db, filter, after, cap + 1), 'index');
}

/**
 * Up to `limit` matches counted from the trigram index, unordered: for a count alone (a later
 * page's), the index's first `limit` rows are enough, where a page needs every match sorted.
 */
async function countBySearchIndex(db: DB, filter: Filter, after: LeadCursor | undefined, limit: number): Promise<number> {
  const matches = filteredLeads(db, filter, 'like')
    .$if(after !== undefined, (qb) => qb.where(olderThan(after!)))
    .select(sql<number>`1`.as('one'))
    .limit(limit)
    .as('m');
  const row = await db
    .selectFrom(matches)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The first `limit` matches of a text too rare for the walk, from every match the trigram index
 * gives, sorted. The subquery's OFFSET keeps the planner from walking the list in order instead:
 * it guesses from its histogram, and a text that resembles a common one ('maria.moore2', 800
 * leads, guessed 9,800) was walked through 197,000 entries (77 ms) where the index reads its 800
 * (19 ms, most of it the table's rows).
 */
async function bySearchIndex(db: DB, filter: Filter, after: LeadCursor | undefined, limit: number): Promise<string[]> {
  const matches = filteredLeads(db, filter, 'like')
    .$if(after !== undefined, (qb) => qb.where(olderThan(after!)))
    .select(['leads.id', 'leads.created_at'])
    .offset(0)
    .as('m');
  const rows = await db
    .selectFrom(matches)
    .select('m.id')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
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

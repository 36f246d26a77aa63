import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../../db/connect.server';
import { countedByStatus, countSpam } from '../admin/counts.server';
import { cappedCount, countCapOf, filteredLeads, SEARCH_COUNT_CAP, searchPath, type SearchPath } from '../admin/queries.server';
import type { FilterScope, LeadCursor, LeadFilter } from '../admin/filter';
import type { LeadPage } from '../admin/types';
import type { LeadKind } from '../fields';
import { parseBotSignals } from '../spam-words';
import { BOARD_STATUSES, isBoardStatus, OPEN_STATUSES, type BoardStatus } from './board';
import type { BoardColumn } from './types';

/**
 * The Leads page's board: one column per pipeline status, each the newest BOARD_LIMIT leads of
 * the page's filter with that status and the column's count. The other filters (kind, search,
 * dates, due, assignee) narrow every column; a status filter leaves its one column. The counts are
 * exact from lead_counts where the list's total is (the folder, a kind or an assignee, and dates:
 * ../admin/counts.server.ts); any other filter's columns are counted on the leads up to
 * BOARD_COUNT_CAP ('100+'), as a search's are.
 */
export const BOARD_LIMIT = 50;

/**
 * Where a column counted on the leads stops ('100+'): two full columns of cards. Counting six
 * columns to the list's 1,000 walked over 6,000 matching leads: 'Assigned to me' with a source, at
 * a million leads, read 55,000 index entries for them (16 ms on PostgreSQL, the board's p95 over
 * issue 32's 25 ms). To 100, it reads a tenth of that.
 */
export const BOARD_COUNT_CAP = SEARCH_COUNT_CAP;

type Filter = Omit<LeadFilter, 'page'> & FilterScope;

/**
 * The board as the Leads page shows it: its columns, and the figures above them. Every lead of the
 * board's filter is in exactly one column (spam, which has none, is a folder of its own), so the
 * columns' counts add up to the filter's total, and the list's own count is not run. When a column
 * was counted to its cap, the count above the board is the list's instead ('1,000+ leads.', as the
 * list says), counted on from where the columns' walk stopped; but not for a search, which the list
 * counts to 100 as it does each column, so that the columns added up say more ('600+ leads.').
 */
export async function readBoard(db: DB, filter: Filter): Promise<{ columns: BoardColumn[]; page: LeadPage }> {
  const listCap = countCapOf(filter);
  // A search's list stops at 100, below the columns added up: its count would say less.
  const listEnough = listCap > SEARCH_COUNT_CAP ? listCap + 1 : null;
  const [{ columns, listed }, spamCount] = await Promise.all([
    countedColumns(db, filter, BOARD_LIMIT, listEnough),
    countSpam(db),
  ]);
  const added = columns.reduce((sum, column) => sum + column.total, 0);
  return {
    columns,
    page: {
      leads: [],
      total: listed === null ? added : Math.min(listed, listCap),
      totalCapped: listed === null ? columns.some((column) => column.totalCapped) : listed > listCap,
      page: 1,
      pageSize: BOARD_LIMIT,
      spamCount,
      older: null,
      newer: null,
    },
  };
}

/** The filter's leads counted up to `enough`, as the list counts them, going on from the columns' walk. */
async function listCount(db: DB, filter: Filter, search: SearchPath, walk: WalkEnd, enough: number): Promise<number> {
  if (walk.from === 'end' || walk.leads >= enough) return walk.leads;
  return walk.leads + (await cappedCount(db, filter, search, { after: walk.from, cap: enough - walk.leads }));
}

export async function boardColumns(db: DB, filter: Filter, limit = BOARD_LIMIT): Promise<BoardColumn[]> {
  return (await countedColumns(db, filter, limit, null)).columns;
}

/**
 * The columns and, with `listEnough`, the list's count up to it when a column was counted to its
 * cap (`listed`; null: not counted, no column was).
 */
async function countedColumns(
  db: DB,
  filter: Filter,
  limit: number,
  listEnough: number | null,
): Promise<{ columns: BoardColumn[]; listed: number | null }> {
  const statuses = filter.status && isBoardStatus(filter.status) ? [filter.status] : BOARD_STATUSES;
  const search = await searchPath(db, filter);
  const exact = await countedByStatus(db, filter);
  const cap = BOARD_COUNT_CAP;
  // The cards are read while the columns are counted: on PostgreSQL each on a connection of its own
  // (a million leads, 'Assigned to me' with a source: 20 → 17 ms), on SQLite one after the other.
  const [{ counts, listed }, cards] = await Promise.all([
    exact
      ? { counts: exact, listed: null }
      : cappedByStatus(db, filter, statuses.filter(mayMatch(filter)), search, cap, listEnough),
    Promise.all(
      statuses.map((status) => (mayMatch(filter)(status) ? columnCards(db, { ...filter, status }, search, limit) : [])),
    ),
  ]);
  const columns = statuses.map((status, i): BoardColumn => {
    const rows = cards[i]!;
    const counted = counts.get(status) ?? 0;
    const capped = exact === null && counted > cap;
    return {
      status,
      total: capped ? cap : counted,
      totalCapped: capped,
      cards: rows.map((row) => ({
        id: row.id,
        kind: row.kind as LeadKind,
        name: row.name,
        email: row.email,
        createdAt: row.created_at,
        followUpOn: row.follow_up_on,
        assigneeId: row.assignee_id,
        possibleBot: Number(row.possible_bot) === 1,
        botSignals: parseBotSignals(row.bot_signals),
        propertyState: row.property_state,
        outsideLicenses: Number(row.outside_licenses) === 1,
      })),
    };
  });
  return { columns, listed };
}

/**
 * A column's newest leads: cut on the filter's index first, then only they are read (PostgreSQL
 * otherwise reads the row of every lead it walks past, 'Assigned to me' with a source: ten per card).
 */
function columnCards(db: DB, filter: Filter, search: SearchPath, limit: number) {
  const newest = filteredLeads(db, filter, search)
    .select('leads.id')
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(limit)
    .as('newest');
  return db
    .selectFrom('leads')
    .innerJoin(newest, 'newest.id', 'leads.id')
    .select([
      'leads.id',
      'leads.kind',
      'leads.name',
      'leads.email',
      'leads.created_at',
      'leads.follow_up_on',
      'leads.assignee_id',
      'leads.possible_bot',
      'leads.bot_signals',
      'leads.property_state',
      'leads.outside_licenses',
    ])
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .execute();
}

/** Whether a column can hold any lead of the filter: 'Overdue' is open leads only (won and lost need no call). */
const mayMatch = (filter: Filter) => (status: BoardStatus) =>
  filter.due !== 'overdue' || (OPEN_STATUSES as readonly string[]).includes(status);

/**
 * A search with nothing else the leads must be read for (a kind, a status, dates at most) walks the
 * folder's indexes by status, which hold the search text: each column counts its own leads there.
 */
const searchAlone = (filter: Filter, search: SearchPath) =>
  search === 'like' && !!filter.q && !filter.source && !filter.due && !filter.assignee && !filter.bot && !filter.licenses;

/** Leads counted by status, and where a column still short goes on: the top, after a lead, or nowhere (all read). */
interface Walked {
  counts: Map<string, number>;
  from: 'top' | LeadCursor | 'end';
}

/** How many leads the columns' one walk read, and after which it stopped ('end': it read them all). */
interface WalkEnd {
  leads: number;
  from: LeadCursor | 'end';
}

/**
 * Each column's leads counted up to `cap` + 1, so that a common word or a large source reads a
 * few hundred leads, not all of them. A search alone counts each column on its own index (above);
 * any other filter is walked once (walkByStatus), and only the columns it leaves short go on alone.
 * With `listEnough`, once a column is full the list's count goes on from the walk too: beside the
 * short columns when the walk filled one itself, else after them.
 */
async function cappedByStatus(
  db: DB,
  filter: Filter,
  statuses: readonly BoardStatus[],
  search: SearchPath,
  cap: number,
  listEnough: number | null,
): Promise<{ counts: Map<string, number>; listed: number | null }> {
  const enough = cap + 1;
  const { counts, from }: Walked = searchAlone(filter, search)
    ? { counts: new Map(), from: 'top' }
    : await walkByStatus(db, filter, statuses, search, cap);
  const walk: WalkEnd | null = from === 'top' ? null : { leads: [...counts.values()].reduce((sum, n) => sum + n, 0), from };
  const countShortColumns = () =>
    Promise.all(
      statuses.map(async (status) => {
        const walked = counts.get(status) ?? 0;
        if (walked >= enough || from === 'end') return;
        const after = from === 'top' ? undefined : from;
        counts.set(status, walked + (await cappedCount(db, { ...filter, status }, search, { after, cap: enough - walked })));
      }),
    );
  const filled = () => [...counts.values()].some((n) => n >= enough);
  if (!walk || !listEnough) {
    await countShortColumns();
    return { counts, listed: null };
  }
  const listOn = () => listCount(db, filter, search, walk, listEnough);
  if (filled()) {
    const [listed] = await Promise.all([listOn(), countShortColumns()]);
    return { counts, listed };
  }
  await countShortColumns();
  return { counts, listed: filled() ? await listOn() : null };
}

/**
 * The filter's newest leads counted by status, in list order on the filter's own index (an
 * assignee's, a source's, the follow-ups', a mark's: none ordered by status, so a walk per column
 * would read it once per column), until every column could be full. A filter with fewer leads is
 * read whole and counted exactly in this one pass.
 */
async function walkByStatus(
  db: DB,
  filter: Filter,
  statuses: readonly BoardStatus[],
  search: SearchPath,
  cap: number,
): Promise<Walked> {
  const walked = statuses.length * (cap + 1);
  const walk = filteredLeads(db, { ...filter, status: statuses.length === 1 ? statuses[0] : undefined }, search)
    .select(['leads.status', 'leads.created_at', 'leads.id'])
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(walked)
    .as('walk');
  // Numbered outside the walk (inside, SQLite would sort every match first), so that its last
  // lead, where a column goes on, can be told apart.
  const numbered = db
    .selectFrom(walk)
    .select([
      'walk.status',
      'walk.created_at',
      'walk.id',
      sql<number>`row_number() over (order by walk.created_at desc, walk.id desc)`.as('place'),
    ])
    .as('numbered');
  const rows = await db
    .selectFrom(numbered)
    .select([
      'numbered.status',
      (eb) => eb.fn.countAll<number | string>().as('count'),
      sql<string | null>`max(case when numbered.place = ${walked} then numbered.created_at end)`.as('last_created'),
      sql<string | null>`max(case when numbered.place = ${walked} then numbered.id end)`.as('last_id'),
    ])
    .groupBy('numbered.status')
    .execute();
  const last = rows.find((row) => row.last_created !== null && row.last_id !== null);
  return {
    counts: new Map(rows.map((row) => [row.status, Number(row.count)])),
    from: last ? { createdAt: last.last_created!, id: last.last_id! } : 'end',
  };
}

import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../../db/connect.server';
import type { LeadKind } from '../fields';
import { joinLeadEmail } from '../queries.server';
import { searchPatterns } from '../search-text';
import type { NotificationStatus } from '../types';
import { parseBotSignals } from '../spam-words';
import { countedTotal, countSpam } from './counts.server';
import type { FilterScope, LeadCursor, LeadFilter } from './filter';
import {
  COUNT_CAP,
  countCapOf,
  defaultPath,
  filteredLeads,
  newerThan,
  olderThan,
  searchPath,
  type Filter,
  type SearchPath,
} from './filtered.server';
import { walkedSearch } from './search-walk.server';
import type { LeadPage } from './types';

export { COUNT_CAP, SEARCH_COUNT_CAP, countCapOf, filteredLeads, searchPath, type SearchPath } from './filtered.server';

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
  const sorted = (search === 'fts' || Array.isArray(search)) && searchPatterns(filter.q ?? '').length > 0;
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
  let place = placeOf(filter, pageSize);
  const top = 'offset' in place && place.offset === 0;
  const cap = countCapOf(filter);
  // PostgreSQL's first page of a search, and the pages Next reads, with the whole search's count:
  // found by ./search-walk.server.ts.
  const after = 'older' in place ? place.older : undefined;
  const walked = top || after ? await walkedSearch(db, filter, { page: pageSize + 1, cap, after }) : null;
  const search: SearchPath = walked ? { ids: walked.ids } : await searchPath(db, filter);
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
  // A short first page is the whole result: no count needed (the usual case of a search for one person).
  // (Counted over the whole filter only from the top: a keyset page's window starts at its cursor.)
  const windowed = top ? rows[0]?.full_count : undefined;
  const counted =
    exact ??
    walked?.count ??
    (windowed !== undefined
      ? Math.min(Number(windowed), cap + 1)
      : page === 1 && rows.length < pageSize
        ? rows.length
        : await cappedCount(db, filter, search, { cap: cap + 1 }));
  // The walk says itself whether more may match: at the cap, or where it stopped short of the end.
  const capped = walked ? walked.more : exact === null && counted > cap;
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
    total: capped ? Math.min(counted, cap) : counted,
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

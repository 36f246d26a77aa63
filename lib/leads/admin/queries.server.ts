import 'server-only';
import { sql, type SqlBool } from 'kysely';
import { engineOf } from '../../db/engine';
import type { DB } from '../../db/connect.server';
import type { LeadKind } from '../fields';
import { joinLeadEmail } from '../queries.server';
import { searchPatterns } from '../search-text';
import type { NotificationStatus } from '../types';
import { parseBotSignals } from '../spam-words';
import { followUpFilter } from '../pipeline/follow-up-filter.server';
import { dayAfter, dayStart } from '../../time/calendar';
import type { FilterScope, LeadFilter } from './filter';
import type { LeadPage } from './types';

/**
 * The Leads tab's reads. Every filter starts with the folder (is_spam) and orders newest first by
 * (created_at, id), so kind and/or status filters walk one of migration 0005's indexes in order and
 * stop after a page; the search is a LIKE over the normalized `search` column.
 */

export const PAGE_SIZE = 25;
/** Counts stop here ('10,000+ leads'): an exact count of a huge result costs a scan and tells nothing. */
export const COUNT_CAP = 10_000;

/** The filtered leads, unordered and unpaged (shared by the list, its count and the export). */
export function filteredLeads(db: DB, filter: Omit<LeadFilter, 'page'> & FilterScope) {
  const patterns = searchPatterns(filter.q ?? '');
  const fts = usesFts(db, patterns);
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
  if (filter.status && filter.status !== 'spam') query = query.where('leads.status', '=', filter.status);
  if (filter.from) query = query.where('leads.created_at', '>=', dayStart(filter.from));
  if (filter.to) query = query.where('leads.created_at', '<', dayAfter(filter.to));
  const source = filter.source;
  if (source) query = query.where((eb) => eb.or([eb('leads.first_source', '=', source), eb('leads.last_source', '=', source)]));
  if (patterns.length > 0) query = query.where((eb) => eb.or(patterns.map((p) => (fts ? ftsMatch(p) : likeMatch(p)))));
  return followUpFilter(query, filter);
}

const likeMatch = (pattern: string) => sql<SqlBool>`leads.search like ${pattern} escape '\\'`;
// SQLite's FTS5 trigram index (migration 0005) serves LIKE for 3+ characters without escapes.
const usesTrigrams = (pattern: string) => pattern.length >= 5 && !pattern.slice(1, -1).includes('\\');
const usesFts = (db: DB, patterns: string[]) => engineOf(db) === 'sqlite' && patterns.length > 0 && patterns.every(usesTrigrams);
const ftsMatch = (pattern: string) =>
  sql<SqlBool>`leads.rowid in (select rowid from leads_search_fts where search like ${pattern})`;

/** One page of the list, newest first (exported for the query-plan test). */
export function leadPageQuery(db: DB, filter: LeadFilter & FilterScope, pageSize = PAGE_SIZE) {
  return (
    joinLeadEmail(filteredLeads(db, filter))
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
      // An FTS search sorts all its matches anyway: count them in the same pass.
      .$if(usesFts(db, searchPatterns(filter.q ?? '')), (qb) =>
        qb.select(sql<number | string>`count(*) over ()`.as('full_count')),
      )
      .orderBy('leads.created_at', 'desc')
      .orderBy('leads.id', 'desc')
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize)
  );
}

export async function searchLeads(db: DB, filter: LeadFilter & FilterScope, pageSize = PAGE_SIZE): Promise<LeadPage> {
  const rows = await leadPageQuery(db, filter, pageSize).execute();
  // A short first page is the whole result: no count needed (the usual case of a search for one person).
  const windowed = rows[0]?.full_count;
  const counted =
    windowed !== undefined
      ? Math.min(Number(windowed), COUNT_CAP + 1)
      : filter.page === 1 && rows.length < pageSize
        ? rows.length
        : Number(
            (
              await db
                .selectFrom(
                  filteredLeads(db, filter)
                    .select(sql<number>`1`.as('one'))
                    .limit(COUNT_CAP + 1)
                    .as('capped'),
                )
                .select((eb) => eb.fn.countAll<number | string>().as('count'))
                .executeTakeFirstOrThrow()
            ).count,
          );
  const spam = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('is_spam', '=', 1)
    .executeTakeFirstOrThrow();
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
    total: Math.min(counted, COUNT_CAP),
    totalCapped: counted > COUNT_CAP,
    page: filter.page,
    pageSize,
    spamCount: Number(spam.count),
  };
}

/** A lead as the CSV export reads it. */
export type ExportedLead = Awaited<ReturnType<typeof exportBatch>>[number];

type Cursor = { createdAt: string; id: string } | null;

/** The next `batch` leads of a filter after `after` (newest first): one indexed range read. */
function exportBatch(db: DB, filter: Omit<LeadFilter, 'page'> & FilterScope, after: Cursor, batch: number) {
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
  if (after) {
    const { createdAt, id } = after;
    query = query.where((eb) =>
      eb.or([eb('leads.created_at', '<', createdAt), eb.and([eb('leads.created_at', '=', createdAt), eb('leads.id', '<', id)])]),
    );
  }
  return query.orderBy('leads.created_at', 'desc').orderBy('leads.id', 'desc').limit(batch).execute();
}

/**
 * Every lead of a filter, newest first, in keyset-paged batches (the CSV export streams these):
 * a batch is read only when the previous one has been consumed, and only one is held at a time.
 */
export async function* exportLeads(db: DB, filter: Omit<LeadFilter, 'page'> & FilterScope, batch = 500) {
  let after: Cursor = null;
  for (;;) {
    const rows = await exportBatch(db, filter, after, batch);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = { createdAt: last.created_at, id: last.id };
  }
}

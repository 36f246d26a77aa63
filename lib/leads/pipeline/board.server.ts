import 'server-only';
import { sql } from 'kysely';
import type { DB } from '../../db/connect.server';
import { engineOf } from '../../db/engine';
import { countedByStatus } from '../admin/counts.server';
import { filteredLeads, searchPath, type SearchPath } from '../admin/queries.server';
import type { FilterScope, LeadFilter } from '../admin/filter';
import type { LeadKind } from '../fields';
import { parseBotSignals } from '../spam-words';
import { BOARD_STATUSES, isBoardStatus } from './board';
import type { BoardColumn } from './types';

/**
 * The Leads page's board: one column per pipeline status, each the newest BOARD_LIMIT leads of
 * the page's filter with that status and the column's full count. The other filters (kind,
 * search, dates, due, assignee) narrow every column; a status filter leaves its one column. The
 * counts come from lead_counts when the filter is a kind or an assignee and dates
 * (../admin/counts.server.ts), otherwise from the matching leads.
 */

export const BOARD_LIMIT = 50;

export async function boardColumns(
  db: DB,
  filter: Omit<LeadFilter, 'page'> & FilterScope,
  limit = BOARD_LIMIT,
): Promise<BoardColumn[]> {
  const statuses = filter.status && isBoardStatus(filter.status) ? [filter.status] : BOARD_STATUSES;
  const search = await searchPath(db, filter);
  const counts = (await countedByStatus(db, filter)) ?? (await countByStatus(db, filter, search));
  return Promise.all(
    statuses.map(async (status) => {
      const rows = await filteredLeads(db, { ...filter, status }, search)
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
        .limit(limit)
        .execute();
      return {
        status,
        total: counts.get(status) ?? 0,
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
    }),
  );
}

/**
 * The filter's leads per status, counted on the leads (a search, a source, a follow-up, an assignee
 * or a mark). SQLite groups by `+status` so that it reads the index of the filter ('Assigned to me':
 * one lead in nine) rather than the folder's by status, in whose order it would read every lead.
 */
async function countByStatus(
  db: DB,
  filter: Omit<LeadFilter, 'page'> & FilterScope,
  search: SearchPath,
): Promise<Map<string, number>> {
  const rows = await filteredLeads(db, { ...filter, status: undefined }, search)
    .select(['leads.status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy(engineOf(db) === 'sqlite' ? sql`+leads.status` : sql`leads.status`)
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

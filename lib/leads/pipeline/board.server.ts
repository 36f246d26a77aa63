import 'server-only';
import type { DB } from '../../db/connect.server';
import { filteredLeads } from '../admin/queries.server';
import type { FilterScope, LeadFilter } from '../admin/filter';
import type { LeadKind } from '../fields';
import { parseBotSignals } from '../spam-words';
import { BOARD_STATUSES, isBoardStatus } from './board';
import type { BoardColumn } from './types';

/**
 * The Leads page's board: one column per pipeline status, each the newest BOARD_LIMIT leads of
 * the page's filter with that status and the column's full count. The other filters (kind,
 * search, dates, due, assignee) narrow every column; a status filter leaves its one column.
 */

export const BOARD_LIMIT = 50;

export async function boardColumns(
  db: DB,
  filter: Omit<LeadFilter, 'page'> & FilterScope,
  limit = BOARD_LIMIT,
): Promise<BoardColumn[]> {
  const statuses = filter.status && isBoardStatus(filter.status) ? [filter.status] : BOARD_STATUSES;
  const counts = await filteredLeads(db, { ...filter, status: undefined })
    .select(['leads.status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('leads.status')
    .execute();
  return Promise.all(
    statuses.map(async (status) => {
      const rows = await filteredLeads(db, { ...filter, status })
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
        total: Number(counts.find((c) => c.status === status)?.count ?? 0),
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

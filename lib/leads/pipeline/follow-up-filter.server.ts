import 'server-only';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { FilterScope, LeadFilter } from '../admin/filter';
import { OPEN_STATUSES } from './board';

/** Today's UTC day, YYYY-MM-DD: follow-up dates are UTC days. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The Leads filter's pipeline part: 'Due today' (the follow-up is today), 'Overdue' (it was
 * before today and the lead is still open: a won or lost lead needs no call), 'Assigned to me'
 * and 'Unassigned'. Migration 0029's folder indexes of the leads with a follow-up answer the first two.
 */
export function followUpFilter<O>(
  query: SelectQueryBuilder<Database, 'leads', O>,
  filter: Pick<LeadFilter, 'due' | 'assignee'> & FilterScope,
): SelectQueryBuilder<Database, 'leads', O> {
  const today = filter.today ?? utcToday();
  if (filter.due === 'today') query = query.where('leads.follow_up_on', '=', today);
  if (filter.due === 'overdue') query = query.where('leads.follow_up_on', '<', today).where('leads.status', 'in', OPEN_STATUSES);
  // Without a signed-in account (a script's call) 'me' is no one: an empty id matches no lead.
  if (filter.assignee === 'me') query = query.where('leads.assignee_id', '=', filter.me ?? '');
  if (filter.assignee === 'none') query = query.where('leads.assignee_id', 'is', null);
  return query;
}

import 'server-only';
import type { DB } from '../../db/connect.server';
import { listAssignees } from './assignees.server';
import { listStatusHistory } from './status-history.server';
import type { LeadPipeline } from './types';

export async function getLeadPipeline(db: DB, leadId: string): Promise<LeadPipeline | null> {
  const row = await db
    .selectFrom('leads')
    .select(['assignee_id', 'follow_up_on', 'lost_reason'])
    .where('id', '=', leadId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    assigneeId: row.assignee_id,
    followUpOn: row.follow_up_on,
    lostReason: row.lost_reason,
    history: await listStatusHistory(db, leadId),
    assignees: await listAssignees(db),
  };
}

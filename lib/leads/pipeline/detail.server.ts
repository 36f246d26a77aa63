import 'server-only';
import type { DB } from '../../db/connect.server';
import { listAssignees, type Assignee } from './assignees.server';
import { listStatusHistory, type StatusChange } from './status-history.server';

/** The lead dialog's pipeline part: assignee, follow-up, lost reason, status history, and whom it may be assigned to. */
export interface LeadPipeline {
  assigneeId: string | null;
  /** UTC date YYYY-MM-DD. */
  followUpOn: string | null;
  lostReason: string | null;
  history: StatusChange[];
  assignees: Assignee[];
}

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

import 'server-only';
import type { DB } from '../db/connect.server';

/**
 * A lead changed after it arrived (status, notes, assignee, follow-up, not spam): whatever
 * listens is told inside the transaction that made the change, so a change and its notice commit
 * together. Every mutation of a lead calls this once per change it commits.
 */
export interface LeadChange {
  leadId: string;
  /** The fields that changed, by name ('status', 'notes', 'assignee', 'followUpOn', ...). */
  changed: string[];
  at: Date;
}

export async function leadUpdated(trx: DB, change: LeadChange): Promise<void> {
  // The `lead.updated` webhooks are queued here (issue 18).
  void trx;
  void change;
}

import 'server-only';
import type { DB } from '../db/connect.server';
import { addNotifications } from '../notifications/outbox.server';
import { leadWebhookNotifications } from './webhook-notifications.server';

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

/**
 * Queues a `lead.updated` webhook to each endpoint subscribed to it, carrying the lead as it is
 * now. A lead that is spam after the change tells no one: receivers only ever hear of leads.
 */
export async function leadUpdated(trx: DB, change: LeadChange): Promise<void> {
  if (change.changed.length === 0) return;
  const lead = await trx.selectFrom('leads').select('is_spam').where('id', '=', change.leadId).executeTakeFirst();
  if (!lead || Number(lead.is_spam) === 1) return;
  await addNotifications(trx, await leadWebhookNotifications(trx, [change.leadId], 'lead.updated', change.at));
}

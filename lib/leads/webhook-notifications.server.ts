import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import type { NewNotification } from '../notifications/outbox.server';
import { endpointsFor } from '../webhooks/endpoints.server';
import type { WebhookEvent } from '../webhooks/events';
import { leadEventBodies } from './webhook-body.server';

/**
 * One webhook notification per lead and endpoint subscribed to the event, rendered now: the
 * message id and body are fixed here, so every retry (and a 'Resend') sends the same `webhook-id`
 * and bytes, and a receiver can drop what it already has.
 */
export async function leadWebhookNotifications(
  trx: DB,
  leadIds: string[],
  type: WebhookEvent,
  at: Date,
): Promise<NewNotification[]> {
  const endpoints = await endpointsFor(trx, type);
  if (endpoints.length === 0 || leadIds.length === 0) return [];
  const bodies = await leadEventBodies(trx, leadIds, type, at);
  const notifications: NewNotification[] = [];
  for (const leadId of leadIds) {
    const body = bodies.get(leadId);
    if (!body) continue;
    const json = JSON.stringify(body);
    for (const endpointId of endpoints) {
      notifications.push({
        subject: { type: 'lead', id: leadId },
        channel: 'webhook',
        recipient: `webhook:${endpointId}`,
        payload: { endpointId, messageId: `msg_${newId(at.getTime())}`, type, body: json },
        at,
      });
    }
  }
  return notifications;
}

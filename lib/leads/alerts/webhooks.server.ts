import 'server-only';
import { leadWebhookNotifications } from '../webhook-notifications.server';
import type { ArrivalAlertSource } from './source';

/** A `lead.created` webhook to each enabled endpoint subscribed to it (the leads are already inserted). */
export const webhookAlerts: ArrivalAlertSource = async (trx, leads) => {
  const at = leads[0]?.at ?? new Date();
  const all = await leadWebhookNotifications(
    trx,
    leads.map(({ row }) => row.id),
    'lead.created',
    at,
  );
  // Each lead's own arrival time, so a batch's notifications are dated as their leads.
  const arrivedAt = new Map(leads.map(({ row, at }) => [row.id, at]));
  return all.map((n) => ({ ...n, at: arrivedAt.get(n.subject.id) ?? n.at }));
};

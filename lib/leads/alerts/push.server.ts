import 'server-only';
import { leadAdminPath, leadAlertText } from '../../push/lead-alert';
import { leadAlertSubscriptions } from '../../push/subscriptions.server';
import type { ArrivalAlertSource } from '../arrival-alerts.server';

/**
 * A push alert for each new lead to every device that turned alerts on, of every account that may
 * see leads: one notification per device (recipient 'user:<account>'), so each device's delivery
 * is tried, retried and logged on its own, and a device that is gone fails alone.
 */
export const pushAlerts: ArrivalAlertSource = async (trx, leads) => {
  if (leads.length === 0) return [];
  const devices = await leadAlertSubscriptions(trx);
  return leads.flatMap(({ row, at }) => {
    const text = leadAlertText({ kind: row.kind, name: row.name, fields: JSON.parse(row.fields) as Record<string, string> });
    return devices.map((device) => ({
      subject: { type: 'lead' as const, id: row.id },
      channel: 'push' as const,
      recipient: `user:${device.userId}`,
      payload: { subscriptionId: device.id, ...text, url: leadAdminPath(row.id), tag: `lead-${row.id}` },
      at,
    }));
  });
};

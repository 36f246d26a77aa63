import 'server-only';
import { leadAdminPath, leadAlertText } from '../push-alert';
import { hasLeadAlertDevice } from '../../push/subscriptions.server';
import type { ArrivalAlertSource } from './source';

/**
 * A push alert for each new lead to every device that turned alerts on, of every account that may
 * see leads. The lead's transaction writes one notification per lead whatever the number of
 * devices (recipient 'devices', a PushFanOut): the push worker expands it into one per device
 * (recipient 'user:<account>') when it claims it, outside this transaction, so each device's
 * delivery is tried, retried and logged on its own and no number of devices can make storing the
 * lead fail (ADR 028). None at all while no such device exists.
 */
export const pushAlerts: ArrivalAlertSource = async (trx, leads) => {
  if (leads.length === 0 || !(await hasLeadAlertDevice(trx))) return [];
  return leads.map(({ row, at }) => {
    const text = leadAlertText({ kind: row.kind, name: row.name, fields: JSON.parse(row.fields) as Record<string, string> });
    return {
      subject: { type: 'lead' as const, id: row.id },
      channel: 'push' as const,
      recipient: 'devices',
      payload: { audience: 'lead-devices' as const, ...text, url: leadAdminPath(row.id), tag: `lead-${row.id}` },
      at,
    };
  });
};

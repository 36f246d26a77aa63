import 'server-only';
import type { DB } from '../db/connect.server';
import { env } from '../env.server';
import { hasMailTransport } from '../notifications/transports/index.server';
import type { NewNotification } from '../notifications/outbox.server';
import { visitorAutoReply } from './alerts/auto-reply.server';
import { visitorEstimate } from './alerts/estimate-email.server';
import { pushAlerts } from './alerts/push.server';
import { smsAlerts } from './alerts/sms.server';
import type { ArrivalAlertSource, ArrivedLead } from './alerts/source';
import { webhookAlerts } from './alerts/webhooks.server';
import { leadRowMessage } from './lead-row';

/**
 * Everything a new lead sets going, written in the transaction that stores it (so nothing stored
 * goes untold): the broker's e-mail, and each further alert (the visitor's auto-reply or, for a
 * calculator lead, the estimate they asked for; the broker's text message, a push to each device
 * that turned alerts on, a `lead.created` webhook to each endpoint). Each source returns its notifications for a batch of leads; a lead judged
 * spam gets them all 'skipped' (stored, never sent unless the owner says 'Not spam').
 */

/** The broker's e-mail with every field (spec section 7). */
const brokerEmail: ArrivalAlertSource = async (_trx, leads) =>
  leads.map(({ row, at }) => ({
    subject: { type: 'lead', id: row.id },
    channel: 'email',
    recipient: 'broker',
    payload: leadRowMessage(row),
    at,
  }));

/** Every source, in the order their notifications are written. */
const SOURCES: ArrivalAlertSource[] = [
  brokerEmail,
  visitorAutoReply(() => hasMailTransport(env)),
  visitorEstimate(
    () => hasMailTransport(env),
    () => env.SITE_URL,
  ),
  smsAlerts,
  pushAlerts,
  webhookAlerts,
];

/** The notifications of a batch of new leads; those of suspected spam are stored skipped. */
export async function arrivalNotifications(trx: DB, leads: ArrivedLead[]): Promise<NewNotification[]> {
  const spam = new Set(leads.filter(({ row }) => row.is_spam === 1).map(({ row }) => row.id));
  const all: NewNotification[] = [];
  for (const source of SOURCES) all.push(...(await source(trx, leads)));
  return all.map((n) => (spam.has(n.subject.id) ? { ...n, skipped: true } : n));
}

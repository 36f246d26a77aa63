import 'server-only';
import type { DB } from '../db/connect.server';
import type { NewNotification } from '../notifications/outbox.server';
import { effectiveSettings, mailConfigOf, siteUrlOf } from '../settings/effective.server';
import { serverSources } from '../settings/sources.server';
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

/**
 * What the alerts need of the settings in effect (the environment's, else the admin's), read once
 * per batch in its transaction: whether mail and texts can go out, and the site's address for links.
 */
async function outgoing(trx: DB) {
  const sources = serverSources();
  const values = await effectiveSettings(trx, sources);
  return {
    mail: mailConfigOf(values, sources) !== null,
    // As before the admin had settings: a number to text is what queues the text.
    sms: Boolean(values.alertSmsTo),
    siteUrl: siteUrlOf(values, sources).url,
  };
}

/** The notifications of a batch of new leads; those of suspected spam are stored skipped. */
export async function arrivalNotifications(trx: DB, leads: ArrivedLead[]): Promise<NewNotification[]> {
  const settings = await outgoing(trx);
  // Every source, in the order their notifications are written.
  const sources: ArrivalAlertSource[] = [
    brokerEmail,
    visitorAutoReply(() => settings.mail),
    visitorEstimate(
      () => settings.mail,
      () => settings.siteUrl,
    ),
    smsAlerts(settings),
    pushAlerts,
    webhookAlerts,
  ];
  const spam = new Set(leads.filter(({ row }) => row.is_spam === 1).map(({ row }) => row.id));
  const all: NewNotification[] = [];
  for (const source of sources) all.push(...(await source(trx, leads)));
  return all.map((n) => (spam.has(n.subject.id) ? { ...n, skipped: true } : n));
}

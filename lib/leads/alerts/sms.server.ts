import 'server-only';
import { env } from '../../env.server';
import type { ArrivalAlertSource } from './source';

/** Where the broker opens a lead in the admin (the Leads page opens its dialog). */
export const leadAdminUrl = (siteUrl: string, id: string) => `${siteUrl}/admin/leads?lead=${encodeURIComponent(id)}`;

/** The text: the lead's kind, name and a link, short enough for one or two SMS segments. */
export function leadSmsBody(lead: { id: string; type: string; name: string }, siteUrl: string): string {
  const name = lead.name.trim().slice(0, 60) || 'no name given';
  return `${lead.type}: ${name}. ${leadAdminUrl(siteUrl, lead.id)}`;
}

/**
 * A text message to the broker (ALERT_SMS_TO) for each new lead, when text alerts are set up. The
 * link is built on SITE_URL, the site's public address, as invitation links are.
 */
export const smsAlerts: ArrivalAlertSource = async (_trx, leads) => {
  if (!env.ALERT_SMS_TO) return [];
  return leads.map(({ row, at }) => ({
    subject: { type: 'lead', id: row.id },
    channel: 'sms',
    recipient: 'broker',
    payload: { body: leadSmsBody(row, env.SITE_URL) },
    at,
  }));
};

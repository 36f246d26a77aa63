import 'server-only';
import type { ArrivalAlertSource } from './source';

/** Where the broker opens a lead in the admin (the Leads page opens its dialog). */
export const leadAdminUrl = (siteUrl: string, id: string) => `${siteUrl}/admin/leads?lead=${encodeURIComponent(id)}`;

/** The text: the lead's kind, name and a link, short enough for one or two SMS segments. */
export function leadSmsBody(lead: { id: string; type: string; name: string }, siteUrl: string): string {
  const name = lead.name.trim().slice(0, 60) || 'no name given';
  return `${lead.type}: ${name}. ${leadAdminUrl(siteUrl, lead.id)}`;
}

/**
 * A text message to the broker (ALERT_SMS_TO, or the number saved in the admin's Settings) for each
 * new lead, when there is a number to text (until Twilio is set up, the texts wait). The link is
 * built on the site's public address (SITE_URL, else the Settings'), as invitation links are.
 */
export function smsAlerts(settings: { sms: boolean; siteUrl: string }): ArrivalAlertSource {
  return async (_trx, leads) => {
    if (!settings.sms) return [];
    return leads.map(({ row, at }) => ({
      subject: { type: 'lead', id: row.id },
      channel: 'sms',
      recipient: 'broker',
      payload: { body: leadSmsBody(row, settings.siteUrl) },
      at,
    }));
  };
}

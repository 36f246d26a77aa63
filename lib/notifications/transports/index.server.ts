import 'server-only';
import type { DB } from '../../db/connect.server';
import type { Env } from '../../env-schema';
import type { SettingsSources } from '../../settings/environment';
import { effectiveMail, effectiveSms, type MailConfig, type SmsConfig } from '../../settings/effective.server';
import { emailJsTransport } from './emailjs.server';
import { followingSettings } from './following-settings.server';
import { pushTransport, vapidSubject } from './push.server';
import { smtpTransport } from './smtp.server';
import { twilioTransport } from './twilio.server';
import type { Channel } from '../types';
import type { AnyTransport, Transport } from './types';
import { webhookTransport } from './webhook.server';

/**
 * The e-mail transport for a configuration in effect (lib/settings/effective.server.ts: the
 * environment's, else the admin's): SMTP or EmailJS. The API addresses stay the environment's
 * (EMAILJS_API_URL, TWILIO_API_URL): the admin chooses accounts, never where their requests go.
 */
export function mailTransportOf(config: MailConfig, env: Pick<Env, 'EMAILJS_API_URL'>): Transport<'email'> {
  if (config.kind === 'smtp') return smtpTransport({ url: config.url, from: config.from, to: config.to });
  const { serviceId, templateId, publicKey, privateKey, to } = config;
  return emailJsTransport({ apiUrl: env.EMAILJS_API_URL, serviceId, templateId, publicKey, privateKey, to });
}

/** Text messages through Twilio, for its settings in effect. */
export function smsTransportOf(config: SmsConfig, env: Pick<Env, 'TWILIO_API_URL'>): Transport<'sms'> {
  return twilioTransport({ apiUrl: env.TWILIO_API_URL, ...config });
}

/**
 * A new transport for the channel: one per outbox lane (../lanes.ts), so each lane has its own
 * connection to the provider. E-mail and texts follow the settings in effect at each send
 * (./following-settings.server.ts), whether the environment or the admin gives them, and wait
 * while there are none. `db` is also for transports that look up their recipient when sending (a
 * push subscription, a webhook endpoint's secret), so a removed one is never sent to.
 */
export function transportForChannel(sources: SettingsSources, db: () => Promise<DB>, channel: Channel): AnyTransport {
  const { env } = sources;
  switch (channel) {
    case 'email':
      return followingSettings({
        channel,
        load: async () => effectiveMail(await db(), sources),
        build: (config) => mailTransportOf(config, env),
      });
    case 'sms':
      return followingSettings({
        channel,
        load: async () => effectiveSms(await db(), sources),
        build: (config) => smsTransportOf(config, env),
      });
    // Always: endpoints are added in the admin at any time, and each is looked up when sending.
    case 'webhook':
      return webhookTransport(db);
    // Needs no configuration: its keys live in the database (lib/push/vapid-keys.server.ts).
    case 'push':
      return pushTransport(db, { subject: vapidSubject(env.SITE_URL) });
  }
}

/** Whether e-mail can go out now (the dashboard warns when it cannot; auto-replies are queued only when it can). */
export async function hasMailTransport(db: DB, sources: SettingsSources): Promise<boolean> {
  return (await effectiveMail(db, sources)) !== null;
}

export type { Transport };
export { DeliveryError } from './types';

import 'server-only';
import type { DB } from '../../db/connect.server';
import type { Env } from '../../env-schema';
import { emailJsTransport } from './emailjs.server';
import { pushTransport, vapidSubject } from './push.server';
import { smtpTransport } from './smtp.server';
import { twilioTransport } from './twilio.server';
import type { Channel } from '../types';
import type { AnyTransport, Transport } from './types';
import { webhookTransport } from './webhook.server';

/**
 * The transport the configuration chooses: SMTP when SMTP_URL is set, else EmailJS when its four
 * settings are, else none (notifications then wait in the outbox and the admin shows them).
 */
export function transportFromEnv(env: Env): Transport<'email'> | null {
  if (env.SMTP_URL && env.MAIL_FROM && env.MAIL_TO) {
    return smtpTransport({ url: env.SMTP_URL, from: env.MAIL_FROM, to: env.MAIL_TO });
  }
  if (env.EMAILJS_SERVICE_ID && env.EMAILJS_TEMPLATE_ID && env.EMAILJS_PUBLIC_KEY && env.EMAILJS_PRIVATE_KEY) {
    return emailJsTransport({
      apiUrl: env.EMAILJS_API_URL,
      serviceId: env.EMAILJS_SERVICE_ID,
      templateId: env.EMAILJS_TEMPLATE_ID,
      publicKey: env.EMAILJS_PUBLIC_KEY,
      privateKey: env.EMAILJS_PRIVATE_KEY,
      to: env.MAIL_TO ?? '',
    });
  }
  return null;
}

/**
 * A new transport for the channel, as the configuration enables it (null when it does not): one
 * per outbox lane (../lanes.ts), so each lane has its own connection to the provider. `db` is for
 * transports that look up their recipient when sending (a push subscription, a webhook endpoint's
 * secret), so a removed one is never sent to.
 */
export function transportForChannel(env: Env, db: () => Promise<DB>, channel: Channel): AnyTransport | null {
  switch (channel) {
    case 'email':
      return transportFromEnv(env);
    case 'sms':
      return smsTransportFromEnv(env);
    // Always: endpoints are added in the admin at any time, and each is looked up when sending.
    case 'webhook':
      return webhookTransport(db);
    // Needs no configuration: its keys live in the database (lib/push/vapid-keys.server.ts).
    case 'push':
      return pushTransport(db, { subject: vapidSubject(env.SITE_URL) });
  }
}

/** Text messages through Twilio, when its four settings are given (the schema requires all or none). */
export function smsTransportFromEnv(env: Env): Transport<'sms'> | null {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM || !env.ALERT_SMS_TO) return null;
  return twilioTransport({
    apiUrl: env.TWILIO_API_URL,
    accountSid: env.TWILIO_ACCOUNT_SID,
    authToken: env.TWILIO_AUTH_TOKEN,
    from: env.TWILIO_FROM,
    to: env.ALERT_SMS_TO,
  });
}

/** Whether any transport is configured (the dashboard warns when none is). */
export function hasMailTransport(env: Env): boolean {
  return Boolean(
    (env.SMTP_URL && env.MAIL_FROM && env.MAIL_TO) ||
    (env.EMAILJS_SERVICE_ID && env.EMAILJS_TEMPLATE_ID && env.EMAILJS_PUBLIC_KEY && env.EMAILJS_PRIVATE_KEY),
  );
}

export type { Transport };
export { DeliveryError } from './types';

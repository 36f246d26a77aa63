import 'server-only';
import type { DB } from '../../db/connect.server';
import type { Env } from '../../env-schema';
import { emailJsTransport } from './emailjs.server';
import { pushTransport, vapidSubject } from './push.server';
import { smtpTransport } from './smtp.server';
import { twilioTransport } from './twilio.server';
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
 * Every transport the configuration enables, one outbox worker each: e-mail as above; the other
 * channels add theirs here. `db` is for transports that look up their recipient when sending
 * (a push subscription, a webhook endpoint's secret), so a removed one is never sent to.
 */
export function transportsFromEnv(env: Env, db: () => Promise<DB>): AnyTransport[] {
  const transports: AnyTransport[] = [];
  const email = transportFromEnv(env);
  if (email) transports.push(email);
  const sms = smsTransportFromEnv(env);
  if (sms) transports.push(sms);
  // Always: endpoints are added in the admin at any time, and each is looked up when sending.
  transports.push(webhookTransport(db));
  // Needs no configuration: its keys live in the database (lib/push/vapid-keys.server.ts).
  transports.push(pushTransport(db, { subject: vapidSubject(env.SITE_URL) }));
  return transports;
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

import 'server-only';
import nodemailer from 'nodemailer';
import { DeliveryError, type Transport } from './types';

export interface SmtpSettings {
  url: string;
  from: string;
  to: string;
}

/**
 * SMTP through nodemailer. Every SMTP failure is retried on the outbox's schedule: a refused
 * login or a full mailbox is usually fixed by the owner or the provider within the retry window.
 *
 * One pooled connection, kept while the worker has mail to send and closed a second after the
 * last: opening one costs a TCP and TLS handshake, a login and often a deliberate greeting pause
 * (the test peer waits 100 ms, like many servers' anti-spam "greet pause"), so a burst of leads
 * sent over fresh connections went out at 9 a second; over one connection, at hundreds. The worker
 * sends one message at a time, so a second connection would only sit idle. SMTP_URL's own query
 * parameters win over these.
 */
export function smtpTransport(settings: SmtpSettings): Transport<'email'> {
  const url = new URL(settings.url);
  for (const [key, value] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '30000'],
    ['pool', 'true'],
    ['maxConnections', '1'],
    ['idleTimeout', '1000'],
  ] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    name: 'smtp',
    channel: 'email',
    async send(message) {
      try {
        await transporter.sendMail({
          from: settings.from,
          to: message.to ?? settings.to,
          replyTo: message.fromEmail ? { name: message.fromName, address: message.fromEmail } : undefined,
          subject: message.subject,
          text: message.text,
          // RFC 8058: the mail app's own Unsubscribe button posts to the link, without a page.
          ...(message.unsubscribeUrl && {
            headers: {
              'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          }),
        });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        throw new DeliveryError(`SMTP: ${detail}`, true);
      }
    },
    close: () => transporter.close(),
  };
}

import 'server-only';
import { DeliveryError, failureText, type Transport } from './types';

export interface TwilioSettings {
  /** https://api.twilio.com, or a stand-in's origin in tests (TWILIO_API_URL). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** ALERT_SMS_TO: the broker's phone, unless a message names its own. */
  to: string;
  /** How long a request may take (30 s; the admin's test send waits less). */
  timeoutMs?: number;
}

/**
 * Text messages through Twilio's REST API: a form post to the account's Messages resource with
 * HTTP Basic auth (account SID and auth token). Network errors, 429, 5xx and a refused login (the
 * owner fixes the token in the Settings) are retried; any other 4xx (an invalid number, a body
 * Twilio refuses) would fail the same way again, so the message is marked failed at once.
 */
export function twilioTransport(settings: TwilioSettings): Transport<'sms'> {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    channel: 'sms',
    recipientOf: (message) => message.to ?? settings.to,
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: message.to ?? settings.to, From: settings.from, Body: message.body }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new DeliveryError(`Twilio network error: ${failureText(error)}`, true);
      }
      if (response.ok) return;
      const detail = await twilioError(response);
      const retryable = response.status === 401 || response.status === 429 || response.status >= 500;
      throw new DeliveryError(`Twilio ${response.status}${detail ? `: ${detail}` : ''}`, retryable);
    },
  };
}

/** Twilio's own explanation (`{ code, message }`), when the answer has one. */
async function twilioError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.message === 'string') return `${body.message}${body.code ? ` (error ${String(body.code)})` : ''}`;
  } catch {
    // Not JSON (a proxy's error page): a short excerpt is enough.
  }
  return text.slice(0, 200);
}

import 'server-only';
import { DeliveryError, failureText, type Transport } from './types';

export interface EmailJsSettings {
  apiUrl: string;
  serviceId: string;
  templateId: string;
  publicKey: string;
  privateKey: string;
  /** The broker's mailbox, passed to the template as to_email unless the message names its own recipient. */
  to: string;
  /** How long a request may take (30 s; the admin's test send waits less). */
  timeoutMs?: number;
}

/** The EmailJS browser library version the spec's original used; the API records it. */
export const EMAILJS_LIB_VERSION = '4.4.1';

/**
 * The spec's meanings of EmailJS's answers (section 8). Network errors, 429 and server errors
 * are worth retrying; 403 (block list) and 451 (headless browser refused) will not change by
 * themselves, so the notification is marked failed for the owner to see.
 */
export function describeEmailJsStatus(status: number, text: string): { meaning: string; retryable: boolean } {
  if (status === 0) return { meaning: 'Network Error', retryable: true };
  if (status === 429) return { meaning: 'Too Many Requests', retryable: true };
  if (status === 451) return { meaning: 'Unavailable For Headless Browser', retryable: false };
  if (status === 403) return { meaning: 'Forbidden (block list)', retryable: false };
  if (status >= 500) return { meaning: `Server Error ${status}`, retryable: true };
  return { meaning: `Rejected ${status}${text ? `: ${text.slice(0, 200)}` : ''}`, retryable: false };
}

export function emailJsTransport(settings: EmailJsSettings): Transport<'email'> {
  return {
    name: 'emailjs',
    channel: 'email',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(`${settings.apiUrl.replace(/\/+$/, '')}/api/v1.0/email/send`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            lib_version: EMAILJS_LIB_VERSION,
            service_id: settings.serviceId,
            template_id: settings.templateId,
            user_id: settings.publicKey,
            template_params: {
              from_name: message.fromName,
              from_email: message.fromEmail,
              to_email: message.to ?? settings.to,
              message: message.text,
            },
            accessToken: settings.privateKey,
          }),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 30_000),
        });
      } catch (error) {
        throw new DeliveryError(`EmailJS 0 Network Error: ${failureText(error)}`, true);
      }
      if (response.ok) return;
      const text = await response.text().catch(() => '');
      const { meaning, retryable } = describeEmailJsStatus(response.status, text);
      throw new DeliveryError(`EmailJS ${response.status} ${meaning}`, retryable);
    },
  };
}

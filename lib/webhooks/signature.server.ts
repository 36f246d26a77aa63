import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (https://www.standardwebhooks.com/): each request carries `webhook-id`,
 * `webhook-timestamp` (Unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256>` of
 * "id.timestamp.body", keyed with the base64-decoded part of the endpoint's `whsec_` secret. The
 * receiver checks the signature and the timestamp's freshness, and drops a repeated id.
 */

const PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes, as receivers' libraries expect them. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The headers of one attempt to send a message, signed at `at`. */
export function signedHeaders(secret: string, messageId: string, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const signature = createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` };
}

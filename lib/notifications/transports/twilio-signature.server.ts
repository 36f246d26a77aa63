import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature), which proves a webhook call came from Twilio:
 * base64 of HMAC-SHA1, keyed with the account's auth token, over the full URL Twilio called
 * followed by every POST parameter, sorted by name, as name then value (a repeated name's values
 * in sorted order). Computed here rather than with Twilio's SDK, which is large for one hash.
 *
 * The URL must be the one configured in Twilio, so the caller builds it from SITE_URL and the
 * request's path, never from the Host header a client chose.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const pairs = [...params].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const data = pairs.reduce((text, [name, value]) => text + name + value, url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is Twilio's for this URL and body; false for a missing or malformed one. */
export function validTwilioSignature(
  authToken: string,
  signature: string | null | undefined,
  url: string,
  params: URLSearchParams,
): boolean {
  if (!authToken || !signature) return false;
  const given = Buffer.from(signature, 'utf8');
  const expected = Buffer.from(twilioSignature(authToken, url, params), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

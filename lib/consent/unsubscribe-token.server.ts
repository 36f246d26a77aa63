import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { keyedHash } from '../auth/secret-box.server';
import { normalEmail } from './address';
import { TOKEN_PARAM, UNSUBSCRIBE_PATH } from './paths';

/**
 * The token of an e-mail's unsubscribe link (`/unsubscribe?t=<token>`): the address and the
 * channel it unsubscribes, with an HMAC (SHA-256, keyed with SECRET_KEY) over both. It needs no
 * account and no row of its own, works for as long as the key stays, and cannot be made for
 * another address without the key: change a letter and it no longer opens.
 *
 * The address is readable in the token (base64url), which only ever travels in a message to that
 * same address. A rotation of SECRET_KEY makes the links in earlier e-mails stop opening
 * (lib/setup/rotate-secret-key.server.ts, KEYED_HASHES): the page then says how else to opt out.
 */

const CONTEXT = 'unsubscribe-link';
/** Far above any token made here (a 254-character address makes about 400). */
const MAX_TOKEN = 600;

/** The channels a link unsubscribes: links travel in e-mails, so e-mail. */
type LinkChannel = 'email';

const mac = (payload: string) => Buffer.from(keyedHash(payload, CONTEXT), 'hex');

export function unsubscribeToken(address: string, channel: LinkChannel = 'email'): string {
  const payload = `${channel}:${address}`;
  return `${Buffer.from(payload, 'utf8').toString('base64url')}.${mac(payload).toString('base64url')}`;
}

/** What a token unsubscribes, or null when it is not one of ours (forged, altered, cut short, another key's). */
export function readUnsubscribeToken(token: unknown): { channel: LinkChannel; address: string } | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN) return null;
  const [encoded, signature, ...rest] = token.split('.');
  if (!encoded || !signature || rest.length > 0) return null;
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [channel, address] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
  if (channel !== 'email' || normalEmail(address) !== address) return null;
  return { channel, address };
}

/** The link an e-mail to `address` carries, in its List-Unsubscribe header and its text. */
export function unsubscribeUrl(siteUrl: string, address: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?${TOKEN_PARAM}=${unsubscribeToken(address)}`;
}

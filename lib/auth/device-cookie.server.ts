import 'server-only';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../env.server';
import { keyedHash } from './secret-box.server';
import type { KnownDevice } from './sign-in-keys';

/**
 * Device cookies (OWASP, 'Slow Down Online Guessing Attacks with Device Cookies'; ADR 026): a
 * browser that completed a sign-in for an account gets a cookie naming that account, signed
 * with SECRET_KEY. At the next sign-in for the account it is judged by its own failures only,
 * so failures from clients without it (an attacker's) never lock it out.
 *
 * One cookie per account (the name carries a hash of the account id), so a browser shared by two
 * accounts keeps both; a new one with a fresh nonce replaces it at every sign-in. HttpOnly,
 * SameSite=Strict, `__Host-` over https as the session cookie. Nothing is stored on the server:
 * the signature is the proof, and a copy of the database cannot make one.
 */

export const DEVICE_COOKIE_DAYS = 180;
const PREFIX = 'clp_device_';
const MAX_AGE_MS = DEVICE_COOKIE_DAYS * 86_400_000;

const secure = () => env.SITE_URL.startsWith('https:');
const accountTag = (accountId: string) => createHash('sha256').update(accountId).digest('hex').slice(0, 16);
const mac = (accountId: string, nonce: string, issued: string) => keyedHash(`${accountId}.${nonce}.${issued}`, 'device-cookie');

export function deviceCookieName(accountId: string): string {
  return `${secure() ? '__Host-' : ''}${PREFIX}${accountTag(accountId)}`;
}

export function deviceCookieOptions() {
  return { httpOnly: true, sameSite: 'strict' as const, secure: secure(), path: '/', maxAge: MAX_AGE_MS / 1000 };
}

/** A new cookie value for this browser and account. */
export function newDeviceCookie(accountId: string, now = new Date()): { name: string; value: string } {
  const nonce = randomBytes(16).toString('base64url');
  const issued = String(Math.floor(now.getTime() / 1000));
  const value = [Buffer.from(accountId).toString('base64url'), nonce, issued, mac(accountId, nonce, issued)].join('.');
  return { name: deviceCookieName(accountId), value };
}

/** The request's device cookies whose signature, name and age check out; the rest count for nothing. */
export function knownDevices(cookies: readonly { name: string; value: string }[], now = new Date()): KnownDevice[] {
  const prefix = `${secure() ? '__Host-' : ''}${PREFIX}`;
  return cookies.flatMap(({ name, value }) => {
    if (!name.startsWith(prefix) || value.length > 300) return [];
    const device = verify(value, now);
    return device && name === deviceCookieName(device.accountId) ? [device] : [];
  });
}

function verify(value: string, now: Date): KnownDevice | null {
  const [account, nonce, issued, signature, ...rest] = value.split('.');
  if (!account || !nonce || !issued || !signature || rest.length || !/^\d{1,12}$/.test(issued)) return null;
  const accountId = Buffer.from(account, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(accountId, nonce, issued));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now.getTime() - Number(issued) * 1000;
  return age >= -60_000 && age <= MAX_AGE_MS ? { accountId, nonce } : null;
}

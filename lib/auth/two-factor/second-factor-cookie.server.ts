import 'server-only';
import { env } from '../../env.server';

/**
 * The cookie that carries a sign-in between its password and its second factor: a random token
 * naming an auth_challenges row ('second-factor'), HttpOnly, for the five minutes the step lasts.
 * `__Host-` over https, as the session cookie.
 */
export const SECOND_FACTOR_TTL_MS = 5 * 60_000;

export function secondFactorCookieName(): string {
  return env.SITE_URL.startsWith('https:') ? '__Host-clp_2fa' : 'clp_2fa';
}

export function secondFactorCookieOptions(maxAgeSeconds = SECOND_FACTOR_TTL_MS / 1000) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: env.SITE_URL.startsWith('https:'),
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

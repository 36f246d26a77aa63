import 'server-only';
import { NextResponse } from 'next/server';
import { deviceCookieOptions, newDeviceCookie } from './device-cookie.server';
import { OWNER_MARKER_COOKIE } from './owner-marker';
import { sessionCookieName, sessionCookieOptions } from './session.server';
import type { SignedIn } from './sign-in.server';
import { retryMessage } from './throttle.server';
import { secondFactorCookieName, secondFactorCookieOptions } from './two-factor/second-factor-cookie.server';

/**
 * The answers of the sign-in routes (password, second step, passkey). Script-driven calls
 * (Accept: application/json) get JSON; a plain form post (no JavaScript) gets a 303 to where the
 * browser goes next. Never cached.
 */

export const wantsJson = (request: Request) => request.headers.get('accept')?.includes('application/json') ?? false;

export function noStore(response: NextResponse): NextResponse {
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

function seeOther(location: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { Location: location } });
}

/**
 * Signed in: the session cookie (first: scripts and tests read it first), the owner marker, the
 * second step's cookie cleared, and a new device cookie for the account (ADR 026).
 */
export function signedInResponse({ token, accountId }: SignedIn, json: boolean): NextResponse {
  const response = json ? NextResponse.json({ ok: true }) : seeOther('/admin');
  response.cookies.set(sessionCookieName(), token, sessionCookieOptions());
  // Readable by scripts on purpose: it tells the public pages to ask whether edit mode is on offer.
  response.cookies.set(OWNER_MARKER_COOKIE, '1', { ...sessionCookieOptions(), httpOnly: false });
  response.cookies.set(secondFactorCookieName(), '', secondFactorCookieOptions(0));
  const device = newDeviceCookie(accountId);
  response.cookies.set(device.name, device.value, deviceCookieOptions());
  return noStore(response);
}

/** The password was right: /login asks for the code next (its cookie names the pending step). */
export function secondFactorResponse(challenge: string, json: boolean): NextResponse {
  const response = json ? NextResponse.json({ ok: true, next: 'second-factor' }) : seeOther('/login');
  response.cookies.set(secondFactorCookieName(), challenge, secondFactorCookieOptions());
  return noStore(response);
}

export function throttledResponse(retryAfterSeconds: number, json: boolean): NextResponse {
  const error = retryMessage(retryAfterSeconds);
  const headers = { 'Retry-After': String(retryAfterSeconds) };
  return noStore(
    json
      ? NextResponse.json({ ok: false, error, retryAfterSeconds }, { status: 429, headers })
      : new NextResponse(throttledPage(error), {
          status: 429,
          headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
        }),
  );
}

/** A refusal: 401 with the message for scripts, back to /login?error=... for a plain form. */
export function refusedResponse(error: string, code: 'invalid' | 'code' | 'expired', json: boolean): NextResponse {
  const response = json ? NextResponse.json({ ok: false, error, code }, { status: 401 }) : seeOther(`/login?error=${code}`);
  if (code === 'expired') response.cookies.set(secondFactorCookieName(), '', secondFactorCookieOptions(0));
  return noStore(response);
}

export function crossOriginResponse(): NextResponse {
  return NextResponse.json({ ok: false, error: 'Cross-origin request refused.' }, { status: 403 });
}

function throttledPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many attempts</title></head><body><main><h1>Too many sign-in attempts</h1><p>${message}</p><p><a href="/login">Back to sign-in</a></p></main></body></html>`;
}

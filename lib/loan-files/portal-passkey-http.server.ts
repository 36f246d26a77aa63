import 'server-only';
import { connection, NextResponse, type NextRequest } from 'next/server';
import type { DB } from '../db/connect.server';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { isSameOrigin } from '../http/origin';
import { livePortalSession, type LivePortalSession } from './portal-auth.server';
import type { AddPasskeyRefusal } from './portal-passkeys.server';
import { PASSKEY_ADD_WINDOW_MINUTES, PORTAL_PASSKEYS_PER_FILE } from './portal-passkeys';
import { portalCookie } from './portal-session-cookie.server';

/**
 * What the portal's passkey routes (app/api/portal/passkey/) share: JSON answers for the page's
 * script, never cached; the same-site check every portal route makes; the borrower's session from
 * the portal cookie. Their bodies are bounded before they arrive: server/body-limits.ts's portal
 * sign-in class refuses one over 16 KB with a 413 (a passkey's answer is a few hundred bytes).
 */

export const answer = (body: object, status = 200) =>
  NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

const refusal = (status: number, code: string, error: string) => answer({ ok: false, code, error }, status);

/** A refusal for a post from another site, or null for one from ours. */
export function crossSiteRefusal(request: NextRequest): NextResponse | null {
  return isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)
    ? null
    : refusal(403, 'cross-site', 'Cross-origin request refused.');
}

/** The borrower's live portal session, from the request's cookie. */
async function sessionOf(request: NextRequest, db: DB): Promise<LivePortalSession | null> {
  const token = request.cookies.get(portalCookie())?.value;
  return token ? livePortalSession(db, token, new Date()) : null;
}

/**
 * What a route for the signed-in borrower checks first: a post from this site (else the refusal
 * to answer with), then the database and the borrower's session (null when there is none).
 */
export async function signedInPost(request: NextRequest): Promise<NextResponse | { db: DB; session: LivePortalSession | null }> {
  await connection();
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return crossSite;
  const db = await getDb();
  return { db, session: await sessionOf(request, db) };
}

export const signedOutRefusal = () =>
  refusal(401, 'signed-out', 'Your sign-in has ended. Reload the page and sign in again to add a passkey.');

export const badRequest = (error: string) => refusal(400, 'invalid', error);

const ADD_REFUSALS: Record<AddPasskeyRefusal, [status: number, error: string]> = {
  stale: [
    403,
    `For your security, a passkey can be added only within ${PASSKEY_ADD_WINDOW_MINUTES} minutes of signing in. Sign out, sign in again with a new link, then add it.`,
  ],
  limit: [
    409,
    `This loan file already has ${PORTAL_PASSKEYS_PER_FILE} passkeys. Remove one you no longer use, then add this one.`,
  ],
  invalid: [400, 'The passkey could not be added. Please try again.'],
};

export const addRefusal = (reason: AddPasskeyRefusal) => refusal(ADD_REFUSALS[reason][0], reason, ADD_REFUSALS[reason][1]);

export const signInRefusal = () =>
  refusal(401, 'invalid', 'That passkey could not be verified. Please try again, or ask for a sign-in link.');

export const busyRefusal = () => {
  const response = refusal(503, 'busy', 'Too many sign-ins in progress. Please try again in a few minutes.');
  response.headers.set('Retry-After', '60');
  return response;
};

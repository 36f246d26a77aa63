import 'server-only';
import { cookies } from 'next/headers';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { livePortalSession, PORTAL_SESSION_HOURS, type LivePortalSession } from './portal-auth.server';
import { portalCookieName } from './portal-cookie';

/** The portal cookie's attributes: the token only travels over this site's own requests. */
export function portalCookieOptions() {
  return {
    httpOnly: true,
    secure: env.SITE_URL.startsWith('https:'),
    sameSite: 'lax' as const,
    path: '/',
    maxAge: PORTAL_SESSION_HOURS * 3600,
  };
}

export const portalCookie = () => portalCookieName(env.SITE_URL);

/** The loan file the request's portal cookie opens, or null (no cookie, or a session ended or expired). */
export async function signedInFile(): Promise<(LivePortalSession & { token: string }) | null> {
  const token = (await cookies()).get(portalCookie())?.value;
  if (!token) return null;
  const session = await livePortalSession(await getDb(), token, new Date());
  return session ? { ...session, token } : null;
}

import 'server-only';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { clientAddress } from '../http/client-address';
import { SESSION_COOKIE } from './session-cookie';
import { validateSession, type AdminSession, type SessionLimits } from './sessions.server';

/**
 * The data-access gate of the admin: every admin page, Server Action and route handler calls
 * one of these on the server. proxy.ts may redirect early but is never relied upon.
 */

export const sessionLimits = (): SessionLimits => ({ idleMinutes: env.SESSION_IDLE_MINUTES, maxDays: env.SESSION_MAX_DAYS });

const secureCookies = () => env.SITE_URL.startsWith('https:');

export function sessionCookieName(): string {
  return secureCookies() ? SESSION_COOKIE.https : SESSION_COOKIE.http;
}

export function sessionCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(),
    path: '/',
    maxAge: env.SESSION_MAX_DAYS * 86_400,
  };
}

/** The signed-in admin's session for this request, or null. */
export async function getAdminSession(): Promise<AdminSession | null> {
  const token = (await cookies()).get(sessionCookieName())?.value;
  return validateSession(await getDb(), token, sessionLimits());
}

/** For admin pages: the session, or a redirect to /login. */
export async function requireAdminPage(): Promise<AdminSession> {
  const session = await getAdminSession();
  if (!session) redirect('/login');
  return session;
}

export async function requestClient(): Promise<{ userAgent: string; ip: string; headers: Headers }> {
  const h = await headers();
  return { userAgent: h.get('user-agent') ?? '', ip: clientAddress(h), headers: h };
}

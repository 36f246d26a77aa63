import { connection, NextResponse } from 'next/server';
import { OWNER_MARKER_COOKIE } from '@/lib/auth/owner-marker';
import { getAdminSession, sessionCookieOptions } from '@/lib/auth/session.server';

/**
 * GET /api/admin/edit-session: whether this browser holds a live admin session, asked by the
 * public pages' edit-mode loader only when the owner marker cookie is present. A stale marker
 * is cleared so the browser stops asking.
 */
export async function GET() {
  await connection();
  const signedIn = (await getAdminSession()) !== null;
  const response = NextResponse.json({ signedIn }, { headers: { 'Cache-Control': 'no-store' } });
  if (!signedIn) response.cookies.set(OWNER_MARKER_COOKIE, '', { ...sessionCookieOptions(), httpOnly: false, maxAge: 0 });
  return response;
}

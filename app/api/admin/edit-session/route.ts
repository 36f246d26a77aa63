import { connection, NextResponse } from 'next/server';
import { OWNER_MARKER_COOKIE } from '@/lib/auth/owner-marker';
import { can } from '@/lib/auth/roles';
import { getAdminSession, sessionCookieOptions } from '@/lib/auth/session.server';

/**
 * GET /api/admin/edit-session: whether this browser holds a live admin session, asked by the
 * public pages' edit-mode loader only when the owner marker cookie is present. A stale marker
 * is cleared so the browser stops asking.
 */
export async function GET() {
  await connection();
  // Only an account that may edit content is offered edit mode (a loan officer sees the public
  // site), and not before the default password has been replaced.
  const session = await getAdminSession();
  const signedIn = session !== null && !session.mustChoosePassword && can(session.account.role, 'content');
  const response = NextResponse.json({ signedIn }, { headers: { 'Cache-Control': 'no-store' } });
  if (!signedIn) response.cookies.set(OWNER_MARKER_COOKIE, '', { ...sessionCookieOptions(), httpOnly: false, maxAge: 0 });
  return response;
}

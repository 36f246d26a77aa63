import { connection, NextResponse, type NextRequest } from 'next/server';
import { OWNER_MARKER_COOKIE } from '@/lib/auth/owner-marker';
import { actorOf, recordActivity } from '@/lib/activity/record.server';
import { getAdminSession, requestClient, sessionCookieName, sessionCookieOptions } from '@/lib/auth/session.server';
import { deleteSession } from '@/lib/auth/sessions.server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';
import { logger } from '@/lib/log.server';

/** POST /api/auth/logout: ends this session on the server, clears the cookie, back to /login. */
export async function POST(request: NextRequest) {
  await connection();
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)) {
    return NextResponse.json({ ok: false, error: 'Cross-origin request refused.' }, { status: 403 });
  }
  const session = await getAdminSession();
  if (session) {
    const db = await getDb();
    await deleteSession(db, session.id);
    const { ip } = await requestClient();
    await recordActivity(db, { actor: actorOf(session.account), action: 'sign_out', target: session.id, ip });
    logger.info({ event: 'admin.sign_out', session: session.id }, 'Admin signed out');
  }
  const response = new NextResponse(null, { status: 303, headers: { Location: '/login', 'Cache-Control': 'no-store' } });
  response.cookies.set(sessionCookieName(), '', { ...sessionCookieOptions(), maxAge: 0 });
  response.cookies.set(OWNER_MARKER_COOKIE, '', { ...sessionCookieOptions(), httpOnly: false, maxAge: 0 });
  return response;
}

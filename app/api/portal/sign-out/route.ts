import { connection, NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';
import { endPortalSession } from '@/lib/loan-files/portal-auth.server';
import { portalCookie, portalCookieOptions } from '@/lib/loan-files/portal-session-cookie.server';

/** POST /api/portal/sign-out: ends the portal session on the server and clears its cookie. */
export async function POST(request: NextRequest) {
  await connection();
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY))
    return NextResponse.json({ error: 'Cross-origin request refused.' }, { status: 403 });
  const token = request.cookies.get(portalCookie())?.value;
  if (token) await endPortalSession(await getDb(), token);
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: '/portal?signed-out=1', 'Cache-Control': 'no-store' },
  });
  response.cookies.set(portalCookie(), '', { ...portalCookieOptions(), maxAge: 0 });
  return response;
}

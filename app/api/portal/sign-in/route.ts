import { connection, NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';
import { redeemSignInLink } from '@/lib/loan-files/portal-auth.server';
import { portalCookie, portalCookieOptions } from '@/lib/loan-files/portal-session-cookie.server';

/**
 * POST /api/portal/sign-in: the button on the page a sign-in link opens. The link's own GET only
 * shows that button: mail scanners open links to check them, and a one-time link opened by a
 * scanner would be spent before the borrower clicked it.
 */
export async function POST(request: NextRequest) {
  await connection();
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY))
    return NextResponse.json({ error: 'Cross-origin request refused.' }, { status: 403 });
  const form = await request.formData().catch(() => null);
  const token = String(form?.get('token') ?? '');
  const session = token ? await redeemSignInLink(await getDb(), token, new Date()) : null;
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: session ? '/portal' : '/portal?link=expired', 'Cache-Control': 'no-store' },
  });
  if (session) response.cookies.set(portalCookie(), session.sessionToken, portalCookieOptions());
  return response;
}

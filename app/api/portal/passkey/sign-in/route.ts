import { connection, type NextRequest } from 'next/server';
import { authenticationResponseSchema } from '@/lib/auth/two-factor/passkey-response';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { answer, crossSiteRefusal, signInRefusal } from '@/lib/loan-files/portal-passkey-http.server';
import { signInWithPortalPasskey } from '@/lib/loan-files/portal-passkey-sign-in.server';
import { portalCookie, portalCookieOptions } from '@/lib/loan-files/portal-session-cookie.server';

/**
 * POST /api/portal/passkey/sign-in: the authenticator's answer to the challenge. A verified
 * passkey sets the portal's session cookie, as the e-mailed link's sign-in does.
 */
export async function POST(request: NextRequest) {
  await connection();
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return crossSite;
  const parsed = authenticationResponseSchema.safeParse(await request.json().catch(() => null));
  const session = parsed.success
    ? await signInWithPortalPasskey(await getDb(), parsed.data, { siteUrl: env.SITE_URL, now: new Date() })
    : null;
  if (!session) return signInRefusal();
  const response = answer({ ok: true });
  response.cookies.set(portalCookie(), session.sessionToken, portalCookieOptions());
  return response;
}

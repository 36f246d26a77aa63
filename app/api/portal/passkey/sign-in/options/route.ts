import { connection, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { answer, busyRefusal, crossSiteRefusal } from '@/lib/loan-files/portal-passkey-http.server';
import { portalPasskeySignInOptions } from '@/lib/loan-files/portal-passkey-sign-in.server';

/**
 * POST /api/portal/passkey/sign-in/options: a challenge for "Sign in with a passkey" on /portal,
 * for any discoverable passkey of this site: no address is asked, so none is revealed.
 */
export async function POST(request: NextRequest) {
  await connection();
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return crossSite;
  const options = await portalPasskeySignInOptions(await getDb(), { siteUrl: env.SITE_URL, now: new Date() });
  return options ? answer(options) : busyRefusal();
}

import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/env.server';
import { addRefusal, answer, signedInPost, signedOutRefusal } from '@/lib/loan-files/portal-passkey-http.server';
import { portalPasskeyOptions } from '@/lib/loan-files/portal-passkeys.server';

/** POST /api/portal/passkey/register/options: the signed-in borrower's options for adding a passkey. */
export async function POST(request: NextRequest) {
  const checked = await signedInPost(request);
  if (checked instanceof NextResponse) return checked;
  if (!checked.session) return signedOutRefusal();
  const result = await portalPasskeyOptions(checked.db, checked.session, { siteUrl: env.SITE_URL, now: new Date() });
  return result.ok ? answer(result.options) : addRefusal(result.reason);
}

import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { registrationResponseSchema } from '@/lib/auth/two-factor/passkey-response';
import { env } from '@/lib/env.server';
import { browserName } from '@/lib/http/browser-name';
import { addRefusal, answer, badRequest, signedInPost, signedOutRefusal } from '@/lib/loan-files/portal-passkey-http.server';
import { PASSKEY_NAME_MAX } from '@/lib/loan-files/portal-passkeys';
import { addPortalPasskey } from '@/lib/loan-files/portal-passkeys.server';

const body = z.object({ name: z.string().max(PASSKEY_NAME_MAX), response: registrationResponseSchema });

/**
 * POST /api/portal/passkey/register: the browser's new passkey for the signed-in borrower's file,
 * with the name they gave it (or, left blank, their browser's: "Safari 18 on iPhone").
 */
export async function POST(request: NextRequest) {
  const checked = await signedInPost(request);
  if (checked instanceof NextResponse) return checked;
  const { db, session } = checked;
  if (!session) return signedOutRefusal();
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return badRequest('The passkey could not be added: the request was incomplete. Please try again.');
  const { response } = parsed.data;
  const name = parsed.data.name.trim() || browserName(request.headers.get('user-agent') ?? '');
  const result = await addPortalPasskey(db, session, { name, response }, { siteUrl: env.SITE_URL, now: new Date() });
  return result.ok ? answer({ ok: true, passkey: result.passkey }, 201) : addRefusal(result.reason);
}

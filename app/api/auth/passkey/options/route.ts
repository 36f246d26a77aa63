import { connection, NextResponse, type NextRequest } from 'next/server';
import { countLiveChallenges } from '@/lib/auth/challenges.server';
import { crossOriginResponse, noStore } from '@/lib/auth/sign-in-response.server';
import { authenticationOptions } from '@/lib/auth/two-factor/passkeys.server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';

/**
 * Passkey sign-ins in progress at once, across every instance. Anyone may start one, and each is a
 * row for five minutes: the cap keeps a flood of requests from filling the table.
 */
const MAX_PENDING = 500;

/** POST /api/auth/passkey/options: a challenge for 'Sign in with a passkey' (any discoverable passkey). */
export async function POST(request: NextRequest) {
  await connection();
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)) return crossOriginResponse();
  const db = await getDb();
  if ((await countLiveChallenges(db, 'passkey-sign-in')) >= MAX_PENDING)
    return noStore(
      NextResponse.json(
        { ok: false, error: 'Too many sign-ins in progress. Please try again in a few minutes.' },
        { status: 503, headers: { 'Retry-After': '60' } },
      ),
    );
  return noStore(NextResponse.json(await authenticationOptions(db, 'passkey-sign-in', null)));
}

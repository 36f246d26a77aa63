import { connection, NextResponse, type NextRequest } from 'next/server';
import { crossOriginResponse, noStore } from '@/lib/auth/sign-in-response.server';
import { authenticationOptions } from '@/lib/auth/two-factor/passkeys.server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';

/** POST /api/auth/passkey/options: a challenge for 'Sign in with a passkey' (any discoverable passkey). */
export async function POST(request: NextRequest) {
  await connection();
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)) return crossOriginResponse();
  return noStore(NextResponse.json(await authenticationOptions(await getDb(), 'passkey-sign-in', null)));
}

import { connection, type NextRequest } from 'next/server';
import { signInClient } from '@/lib/auth/sign-in-client.server';
import { crossOriginResponse, refusedResponse, signedInResponse, throttledResponse } from '@/lib/auth/sign-in-response.server';
import { signInWithPasskey } from '@/lib/auth/two-factor/passkey-sign-in.server';
import { authenticationResponseSchema } from '@/lib/auth/two-factor/passkey-response';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';

/**
 * POST /api/auth/passkey/verify: the authenticator's answer to the challenge. A verified passkey
 * is both factors: the session starts here. Throttled like a password.
 */
export async function POST(request: NextRequest) {
  await connection();
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)) return crossOriginResponse();
  const parsed = authenticationResponseSchema.safeParse(await request.json().catch(() => null));
  const result = await signInWithPasskey(parsed.success ? parsed.data : null, await signInClient());
  if (result.ok) return signedInResponse(result, true);
  if (result.reason === 'throttled') return throttledResponse(result.retryAfterSeconds, true);
  return refusedResponse('That passkey could not be verified. Please try again.', 'invalid', true);
}

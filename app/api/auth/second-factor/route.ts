import { cookies } from 'next/headers';
import { connection, type NextRequest } from 'next/server';
import { signInClient } from '@/lib/auth/sign-in-client.server';
import {
  crossOriginResponse,
  refusedResponse,
  signedInResponse,
  throttledResponse,
  wantsJson,
} from '@/lib/auth/sign-in-response.server';
import { secondFactorCookieName } from '@/lib/auth/two-factor/second-factor-cookie.server';
import { verifySecondStep } from '@/lib/auth/two-factor/second-step.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';

/**
 * POST /api/auth/second-factor: the sign-in's second step ('Authentication code', or a recovery
 * code), for the password accepted moments ago (the HttpOnly cookie names it). Answers as the
 * login route does: JSON for scripts, a 303 for a plain form, 429 with Retry-After when throttled.
 */
export async function POST(request: NextRequest) {
  await connection();
  const json = wantsJson(request);
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)) return crossOriginResponse();
  const form = await request.formData().catch(() => null);
  const code = form?.get('code');
  const token = (await cookies()).get(secondFactorCookieName())?.value;
  const result = await verifySecondStep(token, typeof code === 'string' ? code.slice(0, 64) : '', await signInClient());

  if (result.ok) return signedInResponse(result, json);
  if (result.reason === 'throttled') return throttledResponse(result.retryAfterSeconds, json);
  if (result.reason === 'expired')
    return refusedResponse('The sign-in took too long. Please enter your password again.', 'expired', json);
  return refusedResponse('That code is not right. Please check it and try again.', 'code', json);
}

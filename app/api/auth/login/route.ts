import { connection, type NextRequest } from 'next/server';
import { loginSchema } from '@/lib/auth/policy';
import { signInClient } from '@/lib/auth/sign-in-client.server';
import {
  crossOriginResponse,
  refusedResponse,
  secondFactorResponse,
  signedInResponse,
  throttledResponse,
  wantsJson,
} from '@/lib/auth/sign-in-response.server';
import { signIn } from '@/lib/auth/sign-in.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';

/**
 * POST /api/auth/login: the sign-in form posts here. Script-driven calls (Accept: application/json)
 * get JSON; a plain form post (no JavaScript) gets a 303 to /admin or back to /login. An account
 * with a second factor gets no session yet: /login asks for the code next. Throttled attempts get
 * 429 with Retry-After.
 */
export async function POST(request: NextRequest) {
  await connection();
  const json = wantsJson(request);
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)) return crossOriginResponse();
  const form = await request.formData().catch(() => null);
  const parsed = loginSchema.safeParse({ email: form?.get('email') ?? '', password: form?.get('password') ?? '' });
  const result = await signIn(parsed.success ? parsed.data : { password: '' }, await signInClient());

  if (result.ok) return signedInResponse(result, json);
  if (result.reason === 'second-factor') return secondFactorResponse(result.challenge, json);
  if (result.reason === 'throttled') return throttledResponse(result.retryAfterSeconds, json);
  return refusedResponse('Please check the password and try again.', 'invalid', json);
}

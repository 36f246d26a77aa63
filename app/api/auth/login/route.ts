import { connection, NextResponse, type NextRequest } from 'next/server';
import { OWNER_MARKER_COOKIE } from '@/lib/auth/owner-marker';
import { loginSchema } from '@/lib/auth/policy';
import { requestClient, sessionCookieName, sessionCookieOptions } from '@/lib/auth/session.server';
import { signIn } from '@/lib/auth/sign-in.server';
import { retryMessage } from '@/lib/auth/throttle.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';

/**
 * POST /api/auth/login: the sign-in form posts here. Script-driven calls (Accept: application/json)
 * get JSON; a plain form post (no JavaScript) gets a 303 to /admin or back to /login.
 * Throttled attempts get 429 with Retry-After.
 */
export async function POST(request: NextRequest) {
  await connection();
  const wantsJson = request.headers.get('accept')?.includes('application/json') ?? false;
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)) {
    return NextResponse.json({ ok: false, error: 'Cross-origin request refused.' }, { status: 403 });
  }
  const form = await request.formData().catch(() => null);
  const parsed = loginSchema.safeParse({ email: form?.get('email') ?? '', password: form?.get('password') ?? '' });
  const client = await requestClient();
  const result = await signIn(parsed.success ? parsed.data : { password: '' }, client);

  if (result.ok) {
    const response = wantsJson
      ? NextResponse.json({ ok: true })
      : new NextResponse(null, { status: 303, headers: { Location: '/admin' } });
    response.cookies.set(sessionCookieName(), result.token, sessionCookieOptions());
    // Readable by scripts on purpose: it tells the public pages to ask whether edit mode is on offer.
    response.cookies.set(OWNER_MARKER_COOKIE, '1', { ...sessionCookieOptions(), httpOnly: false });
    return noStore(response);
  }
  if (result.reason === 'throttled') {
    const error = retryMessage(result.retryAfterSeconds);
    const headers = { 'Retry-After': String(result.retryAfterSeconds) };
    return noStore(
      wantsJson
        ? NextResponse.json({ ok: false, error, retryAfterSeconds: result.retryAfterSeconds }, { status: 429, headers })
        : new NextResponse(throttledPage(error), {
            status: 429,
            headers: { ...headers, 'Content-Type': 'text/html; charset=utf-8' },
          }),
    );
  }
  return noStore(
    wantsJson
      ? NextResponse.json({ ok: false, error: 'Please check the password and try again.' }, { status: 401 })
      : new NextResponse(null, { status: 303, headers: { Location: '/login?error=invalid' } }),
  );
}

function noStore(response: NextResponse): NextResponse {
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

function throttledPage(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many attempts</title></head><body><main><h1>Too many sign-in attempts</h1><p>${message}</p><p><a href="/login">Back to sign-in</a></p></main></body></html>`;
}

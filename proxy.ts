import { NextResponse, type NextRequest } from 'next/server';
import { SESSION_COOKIE } from './lib/auth/session-cookie';
import { adminCsp } from './lib/http/security-headers';
import { ADMIN_APP_FILES } from './lib/push/admin-app';

/**
 * Admin pages (/admin, /login, /invite/<token>) and the borrower's and builder's portal (/portal) get a
 * per-request CSP nonce, which Next applies to its own scripts, and are never cached. An /admin request without any session cookie is sent to /login early;
 * that is a convenience only: every admin page, action and route checks the session itself.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const csp = adminCsp(nonce, process.env.NODE_ENV === 'development');

  const hasCookie = request.cookies.has(SESSION_COOKIE.https) || request.cookies.has(SESSION_COOKIE.http);
  const { pathname } = request.nextUrl;
  // The service worker and manifest are fetched without cookies and hold nothing secret.
  const response =
    pathname.startsWith('/admin') && !hasCookie && !ADMIN_APP_FILES.includes(pathname)
      ? NextResponse.redirect(new URL('/login', request.url))
      : NextResponse.next({ request: { headers: withCsp(request.headers, csp) } });
  response.headers.set('Content-Security-Policy', csp);
  response.headers.set('Cache-Control', 'no-store');
  return response;
}

function withCsp(headers: Headers, csp: string): Headers {
  const copy = new Headers(headers);
  copy.set('Content-Security-Policy', csp);
  return copy;
}

export const config = {
  matcher: ['/admin', '/admin/:path*', '/login', '/invite/:path*', '/portal', '/portal/:path*'],
};

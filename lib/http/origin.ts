/**
 * CSRF defence for route handlers that change anything (Server Actions have Next's own check):
 * the browser's Origin must be this site, either the host the request was sent to or SITE_URL.
 * A request without Origin (or `Origin: null`) is refused; browsers send it on every POST.
 */
export function isSameOrigin(headers: Headers, siteUrl: string, trustProxy: boolean): boolean {
  const origin = headers.get('origin');
  if (!origin || origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === new URL(siteUrl).origin) return true;
  const host = (trustProxy && headers.get('x-forwarded-host')?.split(',')[0]?.trim()) || headers.get('host');
  return !!host && url.host === host;
}

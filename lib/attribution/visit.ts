import { parseAttribution, TOUCH_PARAMS, LANDING_MAX, type Attribution, type Touch } from './touch';

/**
 * The attribution cookie: a first-party cookie, set by our own server on a page view (never by
 * script, never read by or sent to anyone else), that remembers the visitor's first touch (kept
 * for good) and last touch (replaced by each later visit that arrives with UTM tags, a click id or
 * from another site). A visit that tells nothing (typed in, a bookmark, a link inside the site)
 * sets no cookie: those pages stay shareable by the micro-cache and CDNs, and a lead sent without
 * the cookie is simply 'direct'. Pure functions: the server's pipeline step
 * (server/pipeline/attribution-cookie.ts) and the lead submission paths use them.
 */

export const ATTRIBUTION_COOKIE = 'clp_src';
/** How long the browser keeps it (the privacy notice says 90 days). */
export const ATTRIBUTION_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

/** `www.example.com` and `example.com` are one site. */
const siteHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');

function referrerHost(referrer: string | undefined): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a page view tells of its source, or null when nothing: the tags in its URL, and the
 * referring host when it is not one of the site's own (`ownHosts`: SITE_URL's and the request's).
 */
export function touchOfVisit(visit: { url: string; referrer?: string; ownHosts: string[]; now: Date }): Touch | null {
  const url = new URL(visit.url, 'http://site.invalid');
  const touch: Touch = { landing: url.pathname.slice(0, LANDING_MAX), at: visit.now.toISOString() };
  let tells = false;
  for (const key of TOUCH_PARAMS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) {
      touch[key] = value.slice(0, 200);
      tells = true;
    }
  }
  const host = referrerHost(visit.referrer);
  const own = new Set(visit.ownHosts.filter(Boolean).map(siteHost));
  if (host && !own.has(siteHost(host))) {
    touch.referrer = host;
    tells = true;
  }
  return tells ? touch : null;
}

/** The attribution after a telling visit: the first touch stays, the last is this one. */
export function afterVisit(before: Attribution, touch: Touch): Attribution {
  return { first: before.first ?? touch, last: touch };
}

/** The value of our cookie in a Cookie header ('' when absent). */
function cookieValue(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return '';
}

/** The attribution a request's Cookie header carries (`{}` without the cookie or with a broken one). */
export function attributionOfCookies(header: string | undefined): Attribution {
  const value = cookieValue(header, ATTRIBUTION_COOKIE);
  if (!value || value.length > 3000) return {};
  try {
    return parseAttribution(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

/** Whether a Cookie header holds nothing but the attribution cookie (such a request is still anonymous). */
export function onlyAttributionCookie(header: string): boolean {
  return header
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .every((part) => part.startsWith(`${ATTRIBUTION_COOKIE}=`));
}

/** The Set-Cookie header for an attribution: base64url JSON (a cookie value needs no quoting then). */
export function attributionSetCookie(attribution: Attribution, secure: boolean): string {
  const value = Buffer.from(JSON.stringify(attribution)).toString('base64url');
  return [
    `${ATTRIBUTION_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${ATTRIBUTION_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

import type { IncomingMessage } from 'node:http';
import { afterVisit, attributionOfCookies, attributionSetCookie, touchOfVisit } from '../../lib/attribution/visit';
import { PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { askedUrl } from '../asked-url';
import type { Step } from './index';

/**
 * Sets the attribution cookie (lib/attribution/visit.ts) on a public page view that tells where
 * the visitor came from, on the server: no script on public pages. Such a response is the
 * visitor's own, so it goes out `private, no-store` (a CDN must never keep a Set-Cookie and
 * replay it to others), and the micro-cache neither keeps it nor replays a page without adding
 * the cookie this visitor needs (`headersFor`, which its replay calls).
 */

/** Client navigations and prefetches (Next's RSC requests) are not landings. */
const NOT_A_LANDING = ['rsc', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action', 'purpose', 'sec-purpose'];
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function attributionCookie(site: { siteUrl: string }, now: () => Date = () => new Date()) {
  const siteHost = new URL(site.siteUrl).host;
  const secure = site.siteUrl.startsWith('https:');

  /** The headers a page view needs for this visitor's cookie, or null when it sets none. */
  function headersFor(req: IncomingMessage): { 'set-cookie': string; 'cache-control': string } | null {
    if (req.method !== 'GET' || NOT_A_LANDING.some((name) => req.headers[name] !== undefined)) return null;
    const ownHosts = [siteHost, header(req, 'host') ?? ''];
    const touch = touchOfVisit({ url: askedUrl(req), referrer: header(req, 'referer'), ownHosts, now: now() });
    if (!touch) return null;
    const next = afterVisit(attributionOfCookies(header(req, 'cookie')), touch);
    return { 'set-cookie': attributionSetCookie(next, secure), 'cache-control': PERSONAL_CACHE_CONTROL };
  }

  const step: Step = {
    name: 'attribution cookie',
    head(exchange) {
      const page = exchange.app.headers[PUBLIC_PAGE_HEADER] !== undefined;
      if (!page || (exchange.status !== 200 && exchange.status !== 304)) return;
      const personal = headersFor(exchange.req);
      if (!personal) return;
      const existing = exchange.headers['set-cookie'];
      const cookies = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
      exchange.headers['set-cookie'] = [...cookies, personal['set-cookie']];
      exchange.headers['cache-control'] = personal['cache-control'];
    },
  };
  return { step, headersFor };
}

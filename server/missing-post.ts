import type { IncomingMessage } from 'node:http';
import type { DB } from '../lib/db/connect.server';
import { POST_NOT_FOUND_PATH } from '../lib/http/not-found-pages';
import { isKnownPostSlug } from '../lib/posts/slugs.server';

/**
 * A visitor's request for /blog/<slug> that names no post is answered by the post's not-found
 * page, in the HTML. The post page's own notFound() cannot do it: Next answers a notFound() thrown
 * while rendering with a 404 whose document is empty until its scripts run (vercel/next.js#62228),
 * which a crawler, a browser without JavaScript or a phone whose scripts are late sees as a blank
 * page. So the server asks the database first and, for an unknown slug, hands Next the path of
 * /post-not-found instead (the address bar keeps the visitor's URL; the status step sends it as a
 * 404). Next's own requests (client navigations, prefetches) are left to the page's notFound().
 */

/** `/blog/<one segment>`, without a trailing slash (Next redirects that first); not the feed. */
const POST_PATH = /^\/blog\/([^/?#]+)(?:\?.*)?$/;
const NEXT_REQUEST_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
];

/** The slug a page request for a blog post names, or null when the request is anything else. */
export function requestedPostSlug(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (NEXT_REQUEST_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  const url = req.url ?? '';
  if (url.includes('_rsc=')) return null;
  const match = POST_PATH.exec(url);
  if (!match || match[1] === 'rss.xml') return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** Far more posts than a broker writes; past it, further slugs are looked up every time. */
const MAX_REMEMBERED = 2000;

/**
 * The slugs known to name a post (or a renamed post's old address), remembered until the next
 * cache expiry: an admin write here or on any instance (lib/cache/expiry-listeners.ts), which also
 * purges the micro-cache. So a post's page views, like every other cached page's, read nothing from
 * the database. Only known slugs are kept: a made-up one costs its one query each time and cannot
 * push the real ones out. A lookup that began before an expiry is not kept (it may be stale).
 */
export class KnownPostSlugs {
  private readonly known = new Set<string>();
  private generation = 0;

  forget(): void {
    this.known.clear();
    this.generation++;
  }

  async isKnown(slug: string, lookup: (slug: string) => Promise<boolean>): Promise<boolean> {
    if (this.known.has(slug)) return true;
    const generation = this.generation;
    const known = await lookup(slug);
    if (known && generation === this.generation && this.known.size < MAX_REMEMBERED) this.known.add(slug);
    return known;
  }
}

/**
 * Points a page request for an unknown post at its not-found page; leaves every other request as
 * it was. A database that cannot answer leaves the request to the post page, which decides again.
 */
export async function routeMissingPost(req: IncomingMessage, db: () => Promise<DB>, slugs: KnownPostSlugs): Promise<void> {
  const slug = requestedPostSlug(req);
  if (slug === null) return;
  const known = await slugs.isKnown(slug, async (wanted) => isKnownPostSlug(await db(), wanted)).catch(() => true);
  if (!known) req.url = POST_NOT_FOUND_PATH;
}

import type { Step } from './index';

/**
 * Next marks what it serves from its cache `s-maxage=<its revalidate time>` (a day or more here),
 * which a CDN would obey and keep serving a page for a day after the owner edited it. The server
 * itself is always fresh (edits expire its cache at once), so shared caches get a short lifetime
 * and may serve a stale copy only while they fetch the new one.
 */
export const CDN_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';

export function cdnCacheControl(value: string): string {
  return /(^|,)\s*s-maxage=\d+/i.test(value) ? CDN_CACHE_CONTROL : value;
}

export const sharedCacheLifetime: Step = {
  name: 'shared cache lifetime',
  head(exchange) {
    const value = exchange.headers['cache-control'];
    if (typeof value === 'string') exchange.headers['cache-control'] = cdnCacheControl(value);
  },
};

import { isNotFoundPage } from '../../lib/http/not-found-pages';
import type { Step } from './index';

/** What Next sends with its own 404 pages: nobody keeps a page that says something is missing. */
export const NOT_FOUND_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';

/**
 * The app's not-found pages that are routes of their own (lib/http/not-found-pages.ts, e.g. an
 * unknown blog post routed there by ../missing-post.ts) go out as 404s. Next renders them as
 * ordinary cached pages, so they arrive as 200s; first in the pipeline, so no later step shares,
 * rewrites or keeps them. A 304 (a revalidation) is left as it is.
 */
export const notFoundStatus: Step = {
  name: 'not-found status',
  head(exchange) {
    if (exchange.status !== 200 || !isNotFoundPage(exchange.req.url)) return;
    exchange.status = 404;
    exchange.headers['cache-control'] = NOT_FOUND_CACHE_CONTROL;
    delete exchange.headers.etag;
  },
};

import { APPLY_LINK_PARAMS } from '../drafts/draft-values';

/**
 * The app's contract with the server's response pipeline (server/pipeline.ts). next.config.ts sets
 * this response header on every public route. A response that carries it and that Next served from
 * its page cache (it then sends x-nextjs-cache) is the same for every visitor: the server may
 * rewrite it (the deferred boot) and keep it in its micro-cache. The pipeline removes the header
 * before the response leaves the server.
 */
export const PUBLIC_PAGE_HEADER = 'x-clp-public-page';

/** Every route but the admin, sign-in, invitations, API, Next's assets and uploaded media. */
export const PUBLIC_PAGE_ROUTES = '/((?!admin|login|invite/|api/|_next/|media/).*)';

/**
 * The second half of the contract: a public page rendered for each request (it reads its query,
 * so Next cannot serve it from its page cache) that still wants the deferred boot of ADR 009.
 * next.config.ts sets this header on `DEFERRED_BOOT_ROUTES` only, an explicit list: other pages
 * rendered per request (/payment) keep Next's scripts. Such a response is rewritten but never
 * shared: the pipeline keeps it out of the micro-cache and marks it private (server/pipeline/).
 */
export const DEFERRED_BOOT_HEADER = 'x-clp-deferred-boot';

/** The calculators (issue 19): server-rendered from their query, one page per set of inputs. */
export const DEFERRED_BOOT_ROUTES = ['/calculators', '/calculators/:path*'];

/**
 * Public URLs that a query parameter makes another page (next.config.ts rewrites them): /apply is
 * one cached page, but a link that prefills it or resumes a draft is rendered per request by
 * /apply/continue (ADR 024). Every other cached page is the same whatever its query says (a page
 * that reads its query is rendered per request and never cached), so the server's micro-cache keys
 * pages on their path alone and leaves these URLs to Next (server/pipeline/micro-cache.ts).
 */
export const QUERY_ROUTED_PAGES: readonly { path: string; params: readonly string[]; destination: string }[] = [
  { path: '/apply', params: APPLY_LINK_PARAMS, destination: '/apply/continue' },
];

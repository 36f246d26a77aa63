/**
 * The app's contract with the server's response pipeline (server/pipeline/index.ts). next.config.ts sets
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

/**
 * The calculators' routes (issue 19). Since ADR 040 Next renders them once and caches them (the
 * server fills their body per request), so the header changes nothing unless one is rendered per request.
 */
export const DEFERRED_BOOT_ROUTES = ['/calculators', '/calculators/:path*'];

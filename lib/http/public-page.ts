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

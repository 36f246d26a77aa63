import type { NextConfig } from 'next';
import { FORM_BODY_LIMIT } from './lib/http/form-body-limit';
import { DEFERRED_BOOT_HEADER, DEFERRED_BOOT_ROUTES, PUBLIC_PAGE_HEADER, PUBLIC_PAGE_ROUTES } from './lib/http/public-page';
import { QUERY_ROUTED_PAGES } from './lib/site/query-routed-pages';
import { publicCsp } from './lib/http/security-headers';

/** LAZY_ROUTES (docs/configuration.md), read when the server loads this file at start. */
const lazyRoutes = /^(1|true)$/i.test(process.env.LAZY_ROUTES?.trim() ?? '');

/**
 * Next's part of the site. Our server (server/) runs it, adds the headers every response carries
 * and HSTS (server/pipeline/security-headers.ts), and refuses oversized form posts before any
 * Server Action runs (server/request-guard.ts).
 */
const nextConfig: NextConfig = {
  poweredByHeader: false,
  // 'use cache' + cacheTag on the data functions: public pages are served from cache and
  // re-rendered only when an admin write expires their tags.
  cacheComponents: true,
  // Off on purpose: an unknown blog slug must answer a real 404 status, which needs the blocking
  // first render of a new URL (see docs/decisions/001-framework.md).
  partialPrefetching: false,
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3', 'pg', 'pino'],
  typedRoutes: false,
  // `npm test` runs tsc on the whole tree before its browser stage builds the site, and says so
  // (TYPES_CHECKED=1, scripts/test.mjs): the build's own check of the same files would add about
  // 45 s to every run. Any other build checks the types.
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === '1' },
  experimental: {
    // A CI clone is built once and thrown away: the cache Turbopack writes for the next build
    // (about 35 s on two cores) would never be read. Everywhere else it makes rebuilds faster.
    turbopackFileSystemCacheForBuild: !process.env.CI,
    // forbidden(): a signed-in account whose role lacks a section's permission gets a real 403.
    authInterrupts: true,
    // URLs that match no route get app/global-not-found.tsx, a whole page with the site's frame
    // rendered on the server, which no other page's payload carries (ADR 001, amendment).
    globalNotFound: true,
    // The server refuses larger form posts first, with a clear 413; this is Next's own limit.
    serverActions: { bodySizeLimit: FORM_BODY_LIMIT },
    // Re-rendered pages stay in Next's in-memory cache (an LRU of cacheMaxMemorySize, 50 MB) and
    // are not also written under .next/: every URL a visitor invents (a random blog slug's 404)
    // would otherwise add files without bound, and the server expires the whole cache at every
    // start anyway, so a copy on disk would never be served.
    isrFlushToDisk: false,
    // Next loads every route's code at start, so that no visitor waits for a first load: 0.7 s of a
    // core per start. A test server serves a few routes for a minute, and the browser tests start
    // about 60 (tests/e2e/server.ts sets LAZY_ROUTES=1).
    preloadEntriesOnStart: !lazyRoutes,
  },
  async rewrites() {
    return {
      // /apply stays one cached page; a link that prefills it or resumes a saved draft is made per
      // request by its sibling (ADR 024). One rule per parameter: `has` matches one key each.
      beforeFiles: QUERY_ROUTED_PAGES.flatMap(({ path, params, destination }) =>
        params.map((key) => ({ source: path, has: [{ type: 'query' as const, key }], destination })),
      ),
    };
  },
  async headers() {
    return [
      // No inline script or style element: the server replaces it on each public page with a policy
      // naming that page's inline scripts (server/pipeline/public-csp.ts); the admin's is proxy.ts's.
      {
        source: '/((?!admin|login|invite/).*)',
        headers: [{ key: 'Content-Security-Policy', value: publicCsp(process.env.NODE_ENV === 'development') }],
      },
      // The contract with the server's pipeline (lib/http/public-page.ts): never sent to browsers.
      { source: PUBLIC_PAGE_ROUTES, headers: [{ key: PUBLIC_PAGE_HEADER, value: '1' }] },
      // Pages rendered per request that still boot at the first interaction: the calculators' routes,
      // should Next ever render one per request (they are cached since ADR 040).
      ...DEFERRED_BOOT_ROUTES.map((source) => ({ source, headers: [{ key: DEFERRED_BOOT_HEADER, value: '1' }] })),
    ];
  },
};

export default nextConfig;

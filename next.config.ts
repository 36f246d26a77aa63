import type { NextConfig } from 'next';

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
};

export default nextConfig;

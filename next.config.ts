import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // 'use cache' + cacheTag on the data functions: public pages are served from cache and
  // re-rendered only when an admin write expires their tags.
  cacheComponents: true,
  partialPrefetching: true,
  reactStrictMode: true,
  serverExternalPackages: ['better-sqlite3', 'pg', 'pino'],
  typedRoutes: false,
};

export default nextConfig;

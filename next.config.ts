import type { NextConfig } from 'next';
import { BASE_HEADERS, publicCsp } from './lib/http/security-headers';

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
  // The largest lead form (the application) is under 30 KB even with every field at its maximum;
  // anything much bigger is not a person filling in a form, and Next answers it 413.
  experimental: {
    serverActions: { bodySizeLimit: '100kb' },
    // Re-rendered pages stay in Next's in-memory cache (an LRU of cacheMaxMemorySize, 50 MB) and
    // are not also written under .next/: every URL a visitor invents (a random blog slug's 404)
    // would otherwise add files without bound, and the start script expires the whole cache at
    // every start anyway, so a copy on disk would never be served.
    isrFlushToDisk: false,
  },
  async headers() {
    return [
      { source: '/:path*', headers: BASE_HEADERS },
      // Cached public pages share one static policy; admin pages get a nonce policy from proxy.ts.
      {
        source: '/((?!admin|login).*)',
        headers: [{ key: 'Content-Security-Policy', value: publicCsp(process.env.NODE_ENV === 'development') }],
      },
    ];
  },
};

export default nextConfig;

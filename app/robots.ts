import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { env } from '@/lib/env.server';

/** Rendered per request (it is tiny), so it always names the running server's SITE_URL. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/login', '/api/'] },
    sitemap: `${env.SITE_URL}/sitemap.xml`,
  };
}

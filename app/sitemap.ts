import type { MetadataRoute } from 'next';
import { builtCalculators } from '@/lib/calculators/catalog';
import { env } from '@/lib/env.server';
import { getPublishedOfficers } from '@/lib/officers/queries.server';
import { getPosts } from '@/lib/posts/queries.server';
import { getRatesChangedAt } from '@/lib/rates/queries.server';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [posts, ratesChangedAt, officers] = await Promise.all([getPosts(), getRatesChangedAt(), getPublishedOfficers()]);
  const page = (path: string, priority: number, lastModified?: string) => ({
    url: `${env.SITE_URL}${path}`,
    priority,
    ...(lastModified ? { lastModified } : {}),
  });
  const teamChangedAt = officers
    .map((officer) => officer.updatedAt)
    .sort()
    .at(-1);
  return [
    page('/', 1),
    page('/rates', 0.9, ratesChangedAt ?? undefined),
    page('/blog', 0.8, posts[0]?.updatedAt),
    page('/ebook', 0.7),
    page('/apply', 0.7),
    page('/calculators', 0.8),
    ...builtCalculators().map((calculator) => page(calculator.path, 0.8, ratesChangedAt ?? undefined)),
    page('/contact', 0.5),
    page('/team', 0.5, teamChangedAt),
    ...officers.map((officer) => page(`/team/${officer.slug}`, 0.5, officer.updatedAt)),
    ...posts.map((post) => page(`/blog/${post.slug}`, 0.6, post.updatedAt)),
    page('/privacy', 0.2),
    page('/licenses', 0.2),
  ];
}

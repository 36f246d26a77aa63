import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { getPosts } from '@/lib/posts/queries.server';
import { buildRss } from '@/lib/posts/rss';

/** RSS 2.0 feed of the blog, cached with the posts and re-rendered when they change. */
export async function GET() {
  const [content, posts] = await Promise.all([getSiteContent(), getPosts()]);
  const xml = buildRss({
    siteUrl: env.SITE_URL,
    title: `${content.header.title} Blog`,
    description: content.meta.blog.description,
    posts,
  });
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
}

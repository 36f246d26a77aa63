import type { Metadata } from 'next';
import { BlogPageBody } from '@/components/site/blog-page';
import { getSiteContent } from '@/lib/content/queries.server';
import { getPosts } from '@/lib/posts/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const { meta } = await getSiteContent();
  return pageMetadata({ ...meta.blog, path: '/blog' });
}

/** The blog from the cached posts (the ad archive renders the same body from its versions). */
export default async function BlogPage() {
  const [{ meta }, posts] = await Promise.all([getSiteContent(), getPosts()]);
  return <BlogPageBody description={meta.blog.description} posts={posts} />;
}

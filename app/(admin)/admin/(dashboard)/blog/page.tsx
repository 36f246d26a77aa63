import type { Metadata } from 'next';
import { BlogPanel } from '@/components/admin/blog/blog-panel';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { postsAdCopy } from '@/lib/compliance/findings.server';
import { readPosts } from '@/lib/posts/queries.server';

export const metadata: Metadata = { title: sectionTitle('Blog') };

export default async function BlogPage() {
  const { db } = await adminPageContext('content');
  const posts = await readPosts(db);
  return <BlogPanel initial={posts} adCopy={await postsAdCopy(db, posts)} />;
}

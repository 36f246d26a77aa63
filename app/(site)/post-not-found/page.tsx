import type { Metadata } from 'next';
import { PostNotFound } from '@/components/site/not-found-message';

export const metadata: Metadata = { title: 'Post not found', robots: { index: false } };

/**
 * What /blog/<slug> shows when the slug names no post. The server routes such a request here
 * (server/missing-post.ts) and sends it as a 404 (server/pipeline/not-found-status.ts), so the
 * message is in the HTML; the post page's notFound() would leave it empty (vercel/next.js#62228).
 */
export default function PostNotFoundPage() {
  return <PostNotFound />;
}

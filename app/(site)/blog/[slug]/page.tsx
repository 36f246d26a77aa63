import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { JsonLd } from '@/components/site/json-ld';
import { DEFAULT_POST_IMAGE } from '@/components/site/post-card';
import { PostPageBody } from '@/components/site/post-page';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { getPostBySlug, getPosts, getRedirectedSlug } from '@/lib/posts/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

type Props = { params: Promise<{ slug: string }> };

/** Known posts are prerendered; a post added later is rendered on its first visit, then cached. */
export async function generateStaticParams() {
  return (await getPosts()).map((post) => ({ slug: post.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await getPostBySlug((await params).slug);
  if (!post) return { title: 'Post not found', robots: { index: false } };
  return pageMetadata({
    title: post.title,
    description: post.excerpt,
    path: `/blog/${post.slug}`,
    type: 'article',
    image: post.imageUrl ?? DEFAULT_POST_IMAGE,
    publishedTime: post.publishedAt,
  });
}

export default async function PostPage({ params }: Props) {
  const { slug } = await params;
  const [post, content] = await Promise.all([getPostBySlug(slug), getSiteContent()]);
  if (!post) {
    // A post renamed since it was published: its old address keeps working (permanent redirect).
    const current = await getRedirectedSlug(slug);
    if (current) permanentRedirect(`/blog/${current}`);
    // A visitor's request never gets here for an unknown slug: the server sends it to
    // /post-not-found first (server/missing-post.ts). Next's own requests still do.
    notFound();
  }
  const url = `${env.SITE_URL}/blog/${post.slug}`;
  return (
    <PostPageBody
      post={post}
      structuredData={
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'BlogPosting',
            headline: post.title,
            description: post.excerpt,
            datePublished: post.publishedAt,
            dateModified: post.updatedAt,
            author: { '@type': 'Organization', name: post.author },
            publisher: { '@type': 'Organization', name: content.company.legalName },
            image: `${env.SITE_URL}${post.imageUrl ?? DEFAULT_POST_IMAGE}`,
            mainEntityOfPage: url,
            url,
          }}
        />
      }
    />
  );
}

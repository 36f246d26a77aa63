import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { CalculatorLinks } from '@/components/calculators/calculator-links';
import { JsonLd } from '@/components/site/json-ld';
import { DEFAULT_POST_IMAGE } from '@/components/site/post-card';
import { SiteImage } from '@/components/site/site-image';
import { PageIconSprite } from '@/components/site/page-sprites';
import { Icon } from '@/components/site/sprite-icon';
import { relatedCalculators } from '@/lib/calculators/related';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { sanitizeArticleHtml } from '@/lib/html/sanitize.server';
import { getPostBySlug, getPosts, getRedirectedSlug } from '@/lib/posts/queries.server';
import { formatLongDate } from '@/lib/site/format';
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
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
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
      <PageIconSprite icons={['arrow-left']} />
      <a href="/blog" className="text-brand-700 inline-flex items-center gap-2 font-medium hover:underline">
        <Icon name="arrow-left" className="size-4" />
        Back to Blog
      </a>
      <header className="mt-6">
        <p className="text-accent text-sm font-medium">{post.category}</p>
        <h1 className="text-brand-900 mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-slate-600">
          Published on <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time> · {post.author}
        </p>
      </header>
      <SiteImage
        src={post.imageUrl ?? DEFAULT_POST_IMAGE}
        alt=""
        width={1200}
        height={630}
        preload
        sizes="(min-width: 768px) 768px, 100vw"
        className="mt-8 h-auto w-full rounded-xl"
      />
      <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: sanitizeArticleHtml(post.bodyHtml) }} />
      <CalculatorLinks
        ids={relatedCalculators(`${post.title} ${post.excerpt} ${post.bodyHtml}`, 2)}
        heading="Run the numbers"
        className="mt-12 border-t border-slate-200 pt-8"
      />
    </article>
  );
}

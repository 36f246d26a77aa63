import type { ReactNode } from 'react';
import { CalculatorLinks } from '@/components/calculators/calculator-links';
import { DEFAULT_POST_IMAGE } from '@/components/site/post-card';
import { PageIconSprite } from '@/components/site/page-sprites';
import { SiteImage } from '@/components/site/site-image';
import { Icon } from '@/components/site/sprite-icon';
import { relatedCalculators } from '@/lib/calculators/related';
import { sanitizeArticleHtml } from '@/lib/html/sanitize.server';
import type { Post } from '@/lib/posts/types';
import { formatLongDate } from '@/lib/site/format';

/**
 * A blog post's page from the post. /blog/<slug> passes the post the site reads now, with its
 * structured data; the ad archive (lib/archive) passes the post as it was at a past moment.
 */
export function PostPageBody({ post, structuredData }: { post: Post; structuredData?: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      {structuredData}
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

import type { Post } from '@/lib/posts/types';
import { formatLongDate } from '@/lib/site/format';
import { SiteImage } from './site-image';

export const DEFAULT_POST_IMAGE = '/images/blog-default.svg';

/** A post in the blog list; the featured one is larger and laid out side by side. */
export function PostCard({ post, featured = false }: { post: Post; featured?: boolean }) {
  const TitleTag = featured ? 'h2' : 'h3';
  return (
    <article
      className={`group relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${featured ? 'grid md:grid-cols-2' : 'flex flex-col'}`}
    >
      <SiteImage
        src={post.imageUrl ?? DEFAULT_POST_IMAGE}
        alt=""
        width={1200}
        height={630}
        sizes={featured ? '(min-width: 768px) 50vw, 100vw' : '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw'}
        preload={featured}
        className="aspect-[40/21] h-auto w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        {featured && <p className="bg-accent mb-2 w-fit rounded-full px-3 py-1 text-xs font-semibold text-white">Featured</p>}
        <p className="text-sm text-slate-600">
          <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time> · {post.category}
        </p>
        <TitleTag className={`text-brand-900 mt-2 font-bold ${featured ? 'text-2xl sm:text-3xl' : 'text-xl'}`}>
          <a href={`/blog/${post.slug}`} className="group-hover:underline after:absolute after:inset-0">
            {post.title}
          </a>
        </TitleTag>
        <p className="mt-3 text-slate-600">{post.excerpt}</p>
      </div>
    </article>
  );
}

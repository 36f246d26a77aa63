import { PostCard } from '@/components/site/post-card';
import type { Post } from '@/lib/posts/types';

/**
 * The blog (spec): the newest post featured, the rest in a three-column grid. /blog passes the
 * posts the site reads now; the ad archive (lib/archive) those live at a past moment.
 */
export function BlogPageBody({ description, posts }: { description: string; posts: readonly Post[] }) {
  const [featured, ...rest] = posts;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <header className="mx-auto mb-12 max-w-3xl text-center">
        <h1 className="text-brand-900 text-4xl font-bold tracking-tight sm:text-5xl">Blog</h1>
        <p className="mt-4 text-lg text-slate-600">{description}</p>
      </header>
      {featured ? (
        <>
          <PostCard post={featured} featured />
          {rest.length > 0 && (
            <section aria-labelledby="more-posts" className="mt-12">
              <h2 id="more-posts" className="sr-only">
                More posts
              </h2>
              <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
                {rest.map((post) => (
                  <li key={post.id} className="flex">
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : (
        <p className="text-center text-slate-600">No posts yet. Check back soon.</p>
      )}
    </div>
  );
}

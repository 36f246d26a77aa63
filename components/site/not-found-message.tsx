import { buttonStyles } from '@/lib/ui/button-styles';

/** The message of a URL that names no page, with ways back (app/global-not-found.tsx). */
export function PageNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-accent text-sm font-semibold">404</p>
      <h1 className="text-brand-900 mt-2 text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-600">Sorry, we couldn&apos;t find the page you were looking for.</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <a href="/" className={buttonStyles.dark}>
          Go to the home page
        </a>
        <a href="/rates" className={buttonStyles.secondary}>
          See today&apos;s rates
        </a>
      </div>
    </div>
  );
}

/** The message of a blog address that names no post, with the spec's 'Back to Blog'. */
export function PostNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-accent text-sm font-semibold">404</p>
      <h1 className="text-brand-900 mt-2 text-3xl font-bold">Post not found</h1>
      <p className="mt-4 text-slate-600">This article may have moved or been removed.</p>
      <a href="/blog" className={`mt-8 ${buttonStyles.dark}`}>
        Back to Blog
      </a>
    </div>
  );
}

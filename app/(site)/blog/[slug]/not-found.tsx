import { buttonStyles } from '@/components/ui/button-styles';

export default function PostNotFound() {
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

'use client';

/** Shown when a public page fails to render; the header and footer stay usable. */
export default function SiteError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-brand-900 text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-600">Please try again. If the problem continues, call us and we will help right away.</p>
      <button
        type="button"
        onClick={reset}
        className="bg-brand-700 hover:bg-brand-800 mt-8 rounded-lg px-6 py-3 font-semibold text-white"
      >
        Try again
      </button>
    </div>
  );
}

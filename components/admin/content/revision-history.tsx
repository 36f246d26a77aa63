'use client';

import type { ContentRevision } from '@/lib/content/types';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** Every saved version of the content, newest first; any earlier one can be restored. */
export function RevisionHistory({
  revisions,
  current,
  onRestore,
  disabled,
}: {
  revisions: ContentRevision[];
  current: number;
  onRestore: (revision: number) => void;
  disabled: boolean;
}) {
  return (
    <section id="content-history" aria-labelledby="history-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="history-title" className="text-brand-900 text-lg font-semibold">
        Revision History
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-slate-700">No saved changes yet. Every save will be listed here.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-200">
          {revisions.map((r) => (
            <li key={r.revision} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="revision">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  Revision {r.revision} · <time dateTime={r.createdAt}>{formatTime(r.createdAt)}</time>
                  {r.revision === current && <span className="ml-2 text-sm text-green-800">(current)</span>}
                </p>
                <p className="text-sm break-words text-slate-700">{r.summary}</p>
              </div>
              {r.revision !== current && (
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onRestore(r.revision)}
                  className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
                  aria-label={`Restore revision ${r.revision}`}
                >
                  Restore
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import { buttonClass, fieldClass, labelClass, primaryClass } from '@/components/admin/activity/styles';
import { formatMoment } from '@/components/archive/archive-view';
import type { ArchivedPageRef } from '@/lib/archive/pages';
import { momentInput } from '@/lib/archive/query';
import { ARCHIVE_MONTHS, SOURCE_LABELS } from '@/lib/archive/sources';
import type { ArchiveChange, ArchiveVersionRef } from '@/lib/archive/types';

const viewHref = (at: string, path: string) => `/admin/archive/view?${new URLSearchParams({ at, page: path }).toString()}`;
const momentHref = (at: string) => `/admin/archive?${new URLSearchParams({ at }).toString()}`;

export interface ArchiveSectionProps {
  /** The moment shown, ISO. */
  at: string;
  pages: ArchivedPageRef[];
  /** The version of each source live at that moment. */
  live: ArchiveVersionRef[];
  /** The latest changes up to that moment. */
  changes: ArchiveChange[];
  size: { versions: number; documentChars: number; oldest: string | null };
}

/**
 * Ad archive (owner only; issue 31, point 5): the public pages as they were at a chosen moment,
 * each opened as it was, the changes that made them, and a ZIP of a date range for an examiner.
 * Plain forms and links: nothing here needs a script.
 */
export function ArchiveSection({ at, pages, live, changes, size }: ArchiveSectionProps) {
  return (
    <div className="space-y-10">
      <section aria-labelledby="archive-moment-title" className="space-y-4">
        <h2 id="archive-moment-title" className="text-brand-900 text-xl font-semibold">
          The site as of a moment
        </h2>
        <p className="max-w-3xl text-slate-700">
          Every change to the content, the rates, the blog posts and the state licenses is kept for {ARCHIVE_MONTHS} months
          (Regulation N, 12 CFR 1014.5), so each public page can be shown as a visitor saw it. Times are in UTC.
        </p>
        <form method="get" action="/admin/archive" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="archive-at" className={labelClass}>
              Date and time (UTC)
            </label>
            <input
              id="archive-at"
              name="at"
              type="datetime-local"
              step={1}
              required
              defaultValue={momentInput(at)}
              className={fieldClass}
            />
          </div>
          <button type="submit" className={primaryClass}>
            Show the site then
          </button>
        </form>
        <h3 className="text-brand-900 text-lg font-semibold">As of {formatMoment(at)}</h3>
        {pages.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-400 p-6 text-center text-slate-700">
            The archive holds nothing that early.{size.oldest && <> Its oldest version is of {formatMoment(size.oldest)}.</>}
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="archive-pages">
            {pages.map((page) => (
              <li key={page.path}>
                <a href={viewHref(at, page.path)} className="text-brand-700 font-medium underline">
                  {page.label}
                </a>{' '}
                <span className="font-mono text-xs text-slate-600">{page.path}</span>
              </li>
            ))}
          </ul>
        )}
        {live.length > 0 && (
          <details className="text-sm text-slate-700">
            <summary className="cursor-pointer font-medium">The versions these pages are rebuilt from</summary>
            <ul className="mt-2 space-y-1">
              {live.map((version) => (
                <li key={version.id}>
                  {SOURCE_LABELS[version.source]} <span className="font-mono text-xs">{version.sourceId}</span>, live since{' '}
                  <time dateTime={version.at}>{formatMoment(version.at)}</time>{' '}
                  <span className="font-mono text-xs">sha256 {version.hash.slice(0, 12)}…</span>
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>

      <section aria-labelledby="archive-changes-title" className="space-y-4">
        <h2 id="archive-changes-title" className="text-brand-900 text-xl font-semibold">
          Changes up to then
        </h2>
        {changes.length === 0 ? (
          <p className="text-slate-700">No change is archived before that moment.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="archive-changes">
            {changes.map((change) => (
              <li key={change.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                <span>
                  {change.label}
                  {!change.present && ' (removed)'}
                </span>
                <a href={momentHref(change.at)} className="text-brand-700 text-sm underline">
                  <time dateTime={change.at}>{formatMoment(change.at)}</time>
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-slate-600">
          {size.versions} versions kept, about {Math.ceil(size.documentChars / 1024)} KB.
        </p>
      </section>

      <section aria-labelledby="archive-export-title" className="space-y-4">
        <h2 id="archive-export-title" className="text-brand-900 text-xl font-semibold">
          Export for an examiner
        </h2>
        <p className="max-w-3xl text-slate-700">
          A ZIP of the pages as they were at the start of the range and after each change within it, as HTML, with the versions
          they were made from as JSON. Each view and each export is recorded in the activity log.
        </p>
        <form method="get" action="/api/admin/archive/export" className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="archive-from" className={labelClass}>
              From (UTC)
            </label>
            <input id="archive-from" name="from" type="datetime-local" step={1} required className={fieldClass} />
          </div>
          <div>
            <label htmlFor="archive-to" className={labelClass}>
              To (UTC)
            </label>
            <input
              id="archive-to"
              name="to"
              type="datetime-local"
              step={1}
              required
              defaultValue={momentInput(at)}
              className={fieldClass}
            />
          </div>
          <button type="submit" className={buttonClass}>
            Download ZIP
          </button>
        </form>
      </section>
    </div>
  );
}

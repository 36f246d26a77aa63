import { hasArchivedPage } from '@/lib/archive/pages';
import { SOURCE_LABELS } from '@/lib/archive/sources';
import type { ArchivedSite } from '@/lib/archive/types';
import { ArchivedPage } from './archived-page';

const time = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
});

/** A moment as the archive shows it: 'November 26, 2026 at 2:00:00 PM UTC'. */
export const formatMoment = (iso: string) => `${time.format(new Date(iso))} UTC`;

/**
 * The admin's view of an archived page: a banner saying which moment and which versions it is
 * rebuilt from, then the page. Not a public address: it sits behind the admin's sign-in, and the
 * admin's pages are never indexed.
 */
export function ArchiveView({ site, path, paymentsEnabled }: { site: ArchivedSite; path: string; paymentsEnabled: boolean }) {
  return (
    <>
      <aside
        aria-labelledby="archive-banner-title"
        className="border-b-4 border-amber-500 bg-amber-50 px-4 py-3 text-amber-950 sm:px-6"
        data-testid="archive-banner"
      >
        <p id="archive-banner-title" className="font-semibold">
          As of {formatMoment(site.at)}: {path}
        </p>
        <p className="mt-1 text-sm">
          An archived copy rebuilt from the versions below, not the live site. Links lead to the live site.{' '}
          <a href={`/admin/archive?at=${encodeURIComponent(site.at)}`} className="font-medium underline">
            Back to the ad archive
          </a>
        </p>
        <ul className="mt-1 flex flex-wrap gap-x-4 text-xs">
          {site.versions.map((version) => (
            <li key={version.id}>
              {SOURCE_LABELS[version.source]}
              {version.source === 'post' || version.source === 'officers' ? ` ${version.sourceId}` : ''} since{' '}
              <time dateTime={version.at}>{formatMoment(version.at)}</time>
            </li>
          ))}
        </ul>
      </aside>
      {hasArchivedPage(site, path) ? (
        <ArchivedPage site={site} path={path} paymentsEnabled={paymentsEnabled} />
      ) : (
        <p className="mx-auto max-w-3xl p-8 text-center text-slate-700">
          The archive holds no version of this page at that moment: the page did not exist then, or the archive began later.
        </p>
      )}
    </>
  );
}

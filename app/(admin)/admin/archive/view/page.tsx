import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { ArchiveView } from '@/components/archive/archive-view';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { parseViewQuery } from '@/lib/archive/query';
import { siteAsOf } from '@/lib/archive/site-as-of.server';
import { isSnapshotRequest } from '@/lib/archive/snapshot-fetch.server';
import { env } from '@/lib/env.server';
import { paymentsConfigured } from '@/lib/payments/stripe.server';

// Never indexed, never cached: an archived copy must not pass for the live page.
export const metadata: Metadata = { title: 'Ad archive view | Construction Loan Pros', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /admin/archive/view?at=…&page=/rates (owner only): a public page as it was at that moment,
 * rendered by the site's own components from the archive's versions, under a banner. Outside the
 * dashboard's frame, so it reads like the page itself; each view is in the activity log, except the
 * export's own requests for its snapshots (the export is logged once).
 */
export default async function ArchiveViewPage({ searchParams }: Props) {
  const { db, log } = await adminPageContext('security');
  const query = parseViewQuery(await searchParams);
  if ('error' in query)
    return (
      <p role="alert" className="mx-auto max-w-3xl p-8 text-center text-slate-800">
        {query.error}{' '}
        <a href="/admin/archive" className="text-brand-700 font-medium underline">
          Back to the ad archive
        </a>
      </p>
    );
  const site = await siteAsOf(db, query.at);
  if (!isSnapshotRequest(await headers())) await log({ action: 'archive_viewed', target: query.path, detail: { at: site.at } });
  return <ArchiveView site={site} path={query.path} paymentsEnabled={paymentsConfigured(env)} />;
}

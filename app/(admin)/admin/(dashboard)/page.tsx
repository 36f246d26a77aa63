import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AdCopyNotice } from '@/components/admin/ad-copy-notice';
import { OverviewPanel } from '@/components/admin/overview/overview-panel';
import { SetupChecklistFooter, SetupChecklistSection } from '@/components/admin/setup-checklist';
import { firstSectionFor, sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { can } from '@/lib/auth/roles';
import { adCopyCounts } from '@/lib/compliance/findings.server';
import { readCharts, readFigures } from '@/lib/overview/queries.server';
import { readStageTimes } from '@/lib/overview/stage-times.server';
import { chartRange } from '@/lib/overview/window';
import { serverSources } from '@/lib/settings/sources.server';
import { readSetupChecklist } from '@/lib/setup-checklist/checklist.server';

export const metadata: Metadata = { title: sectionTitle('Overview') };

/**
 * /admin?range=30|90: the Overview, the page the owner lands on (lib/overview/). A role without
 * leads never gets here from a browser (server/admin-gate.ts answers it with a 307); a client
 * navigation that does is sent on to its first section.
 */
export default async function OverviewPage({ searchParams }: { searchParams: Promise<{ range?: string | string[] }> }) {
  const { account } = await adminPageContext('account');
  if (!can(account.role, 'leads')) redirect(firstSectionFor(account.role));
  const { db } = await adminPageContext('leads');
  const range = chartRange((await searchParams).range);
  const now = new Date();
  const [figures, charts, stageTimes, adCopy, setup] = await Promise.all([
    readFigures(db, now),
    readCharts(db, now, range),
    readStageTimes(db, now, range),
    // The ad-copy checker's warnings, for whoever may edit the words (issue 31).
    can(account.role, 'content') ? adCopyCounts(db) : null,
    // The setup checklist is the owner's: every item is done in the owner's pages (issue 33).
    can(account.role, 'security') ? readSetupChecklist(db, { accountId: account.id, sources: serverSources(), now }) : null,
  ]);
  return (
    <>
      {setup && <SetupChecklistSection checklist={setup} />}
      {adCopy && <AdCopyNotice counts={adCopy} />}
      <OverviewPanel figures={figures} charts={charts} stageTimes={stageTimes} now={now.toISOString()} />
      {setup && <SetupChecklistFooter checklist={setup} />}
    </>
  );
}

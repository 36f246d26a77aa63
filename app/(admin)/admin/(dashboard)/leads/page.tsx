import type { Metadata } from 'next';
import { InvalidLeadFilter } from '@/components/admin/leads/invalid-filter';
import { LeadsPanel } from '@/components/admin/leads/leads-panel';
import { MovedBackNotice } from '@/components/admin/leads/moved-back-notice';
import { UnfinishedApplications } from '@/components/admin/leads/unfinished-applications';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { fieldErrorsOf } from '@/lib/admin/result';
import { listUnfinishedApplications } from '@/lib/drafts/drafts.server';
import { parseFilterParams } from '@/lib/leads/admin/filter';
import { readMovedBack } from '@/lib/leads/admin/moved-back.server';
import { searchLeads } from '@/lib/leads/admin/queries.server';
import { listAssignees } from '@/lib/leads/pipeline/assignees.server';
import { readBoard } from '@/lib/leads/pipeline/board.server';
import { utcToday } from '@/lib/leads/pipeline/follow-up-filter.server';

export const metadata: Metadata = { title: sectionTitle('Leads') };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * /admin/leads?q&status&kind&from&to&source&due&assignee&bot&view&page: the filter lives in the address (ADR 013); &lead=<id> opens one.
 * Above them, the notice of leads brought back from spam (ADR 030); below, the applications visitors saved to finish later.
 */
export default async function LeadsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { db, account } = await adminPageContext('leads');
  const params = toUrlParams(await searchParams);
  const parsed = parseFilterParams(params);
  if (!parsed.success) {
    const problems = Object.entries(fieldErrorsOf(parsed.error.issues)).map(([parameter, message]) => ({
      parameter,
      value: params.get(parameter) ?? '',
      message,
    }));
    return <InvalidLeadFilter problems={problems} />;
  }
  const filter = parsed.data;
  // 'Assigned to me' is the signed-in account; due dates are UTC days (the page is never cached).
  const today = utcToday();
  const scoped = { ...filter, me: account.id, today };
  // The board has no spam column: the spam folder is always a list.
  const board = filter.view === 'board' && filter.status !== 'spam';
  const movedBack = await readMovedBack(db);
  const shown = board ? await readBoard(db, scoped) : { page: await searchLeads(db, scoped), columns: null };
  return (
    <>
      {movedBack && <MovedBackNotice movedBack={movedBack} />}
      <LeadsPanel
        filter={filter}
        data={shown.page}
        board={shown.columns}
        assignees={await listAssignees(db)}
        today={today}
        openLead={params.get('lead')}
      />
      <UnfinishedApplications drafts={await listUnfinishedApplications(db)} />
    </>
  );
}

function toUrlParams(searchParams: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}

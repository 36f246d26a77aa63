import type { Metadata } from 'next';
import { InvalidLeadFilter } from '@/components/admin/leads/invalid-filter';
import { LeadsPanel } from '@/components/admin/leads/leads-panel';
import { sectionTitle } from '@/components/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { fieldErrorsOf } from '@/lib/admin/result';
import { parseFilterParams } from '@/lib/leads/admin/filter';
import { searchLeads } from '@/lib/leads/admin/queries.server';

export const metadata: Metadata = { title: sectionTitle('Leads') };

type SearchParams = Record<string, string | string[] | undefined>;

/** /admin/leads?q&status&kind&from&to&page: the filter lives in the address (ADR 013); &lead=<id> opens one. */
export default async function LeadsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { db } = await adminPageContext('leads');
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
  return <LeadsPanel filter={parsed.data} data={await searchLeads(db, parsed.data)} openLead={params.get('lead')} />;
}

function toUrlParams(searchParams: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}

import { filterQuery, type LeadFilter } from '@/lib/leads/admin/filter';

/** The Leads page's own address for a filter: every filter and page is a link and a history entry. */
export function leadsHref(filter: Partial<LeadFilter>): string {
  const query = filterQuery(filter);
  return query ? `/admin/leads?${query}` : '/admin/leads';
}

/** The CSV export of the same filter, every page of it. */
export function exportHref(filter: Partial<LeadFilter>): string {
  const query = filterQuery(filter, { page: false });
  return query ? `/api/admin/leads/export?${query}` : '/api/admin/leads/export';
}

'use client';

import { Download, RefreshCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { filterQuery, type LeadFilter } from '@/lib/leads/admin/filter';
import type { LeadPage } from '@/lib/leads/admin/types';
import type { Assignee } from '@/lib/leads/pipeline/types';
import type { BoardColumn } from '@/lib/leads/pipeline/types';
import { LeadBoard } from './lead-board';
import { LeadDialog } from './lead-dialog';
import { LeadList } from './lead-list';
import { LeadFilters, leadButton } from './lead-filters';
import { exportHref, leadsHref } from './leads-href';
import { ViewToggle } from './view-toggle';

/**
 * The Leads page ('Leads Database'): every lead newest first, by kind (the spec's contact and
 * qualification lists among them), searched, filtered and paged on the server from the filter in
 * the address, exported as CSV. Each lead opens in a dialog with its fields, consent, notes,
 * status and notification. The board view (?view=board) shows the same leads by status.
 */
export function LeadsPanel({
  filter,
  data,
  board,
  assignees,
  today,
  openLead,
}: {
  filter: LeadFilter;
  data: LeadPage;
  /** The board's columns when the board is shown; null: the list. */
  board: BoardColumn[] | null;
  assignees: Assignee[];
  /** Today's UTC day, for overdue follow-ups. */
  today: string;
  /** ?lead=<id> (a text or push alert's link): the lead whose dialog opens on arrival. */
  openLead?: string | null;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // ?lead=<id> (a push alert's link) opens that lead's dialog on arrival.
  const [openId, setOpenId] = useState<string | null>(openLead ?? null);
  const announceRefresh = useRef(false);

  // A new filter or page is a new URL (and history entry): the server renders it, Back returns.
  const show = (next: LeadFilter, scroll = false) => startTransition(() => router.push(leadsHref(next), { scroll }));
  const reread = (announce = false) => {
    announceRefresh.current = announce;
    startTransition(() => router.refresh());
  };

  useEffect(() => {
    if (pending || !announceRefresh.current) return;
    announceRefresh.current = false;
    showToast({ title: '🔄 Leads Refreshed', description: `${data.total} leads.`, variant: 'success' });
  }, [pending, data]);

  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const more = data.totalCapped ? '+' : '';
  const spamFolder = filter.status === 'spam';

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-brand-900 text-xl font-semibold">Leads Database</h2>
        <div className="flex flex-wrap gap-2">
          <ViewToggle board={board !== null} pending={pending} onChange={(view) => show({ ...filter, view, page: 1 })} />
          <button type="button" className={leadButton} disabled={pending} onClick={() => reread(true)}>
            <RefreshCw aria-hidden="true" className="size-4" /> Refresh Leads
          </button>
          {/* No `download` attribute: the file comes as an attachment anyway, and without a recent
              sign-in the link must be able to open the 'Confirm it's you' page instead. */}
          <a className={leadButton} href={exportHref(filter)}>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
        </div>
      </div>

      <LeadFilters
        key={filterQuery(filter, { page: false })}
        filter={filter}
        spamCount={data.spamCount}
        pending={pending}
        onApply={(next) => show(next)}
      />

      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {pending
          ? 'Loading leads...'
          : `${data.total.toLocaleString('en-US')}${more} ${spamFolder ? 'spam ' : ''}lead${data.total === 1 ? '' : 's'}${board ? '' : `, page ${data.page} of ${pages}${more}`}.`}
      </p>

      {board ? (
        <LeadBoard columns={board} assignees={assignees} today={today} onOpen={setOpenId} />
      ) : (
        <LeadList leads={data.leads} filter={filter} today={today} onOpen={setOpenId} />
      )}

      {!board && (pages > 1 || data.totalCapped) && (
        <nav aria-label="Pages of leads" className="flex items-center gap-2">
          <button
            type="button"
            className={leadButton}
            disabled={pending || data.page <= 1}
            // By keyset from the first lead shown (page 1 needs none): a page deep in the list costs what the first does.
            onClick={() => show({ ...filter, page: data.page - 1, older: undefined, newer: data.newer ?? undefined }, true)}
          >
            Previous
          </button>
          <button
            type="button"
            className={leadButton}
            disabled={pending || !data.older}
            onClick={() => show({ ...filter, page: data.page + 1, older: data.older ?? undefined, newer: undefined }, true)}
          >
            Next
          </button>
        </nav>
      )}

      <LeadDialog
        id={openId}
        onClose={() => {
          setOpenId(null);
          // Opened by a link: closing it leaves the list's own address, so a reload does not reopen it.
          if (openLead) router.replace(leadsHref(filter), { scroll: false });
        }}
        onChanged={() => reread()}
      />
    </div>
  );
}

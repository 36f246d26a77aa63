'use client';

import { Download, RefreshCw } from 'lucide-react';
import { useState, useTransition, type FormEvent } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { searchLeadsAction } from '@/lib/leads/admin/actions';
import { filterQuery, type LeadFilter } from '@/lib/leads/admin/filter';
import type { LeadPage } from '@/lib/leads/admin/queries.server';
import { KIND_LABELS, LEAD_STATUSES, statusLabel } from '@/lib/leads/statuses';
import { inputClass, labelClass } from '../image-field';
import { formatTime, NOTIFICATION_CLASS, NOTIFICATION_LABELS } from './format';
import { LeadDialog } from './lead-dialog';

const KIND_TABS = [
  { value: undefined, label: 'All leads' },
  { value: 'contact', label: 'Contact form leads' },
  { value: 'qualification', label: 'Qualification form leads' },
  { value: 'application', label: 'Detailed applications' },
  { value: 'ebook', label: 'Ebook leads' },
] as const;

const button =
  'inline-flex items-center gap-2 rounded-md border border-slate-400 bg-white px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60';

/**
 * The Leads tab ('Leads Database'): every lead newest first, by kind (the spec's contact and
 * qualification lists among them), searched and filtered on the server, paged, exported as CSV.
 * Each lead opens in a dialog with its fields, consent, notes, status and notification.
 */
export function LeadsPanel({ initial }: { initial: LeadPage }) {
  const [filter, setFilter] = useState<LeadFilter>({ page: 1 });
  const [draft, setDraft] = useState({ q: '', status: '', from: '', to: '' });
  const [data, setData] = useState(initial);
  const [openId, setOpenId] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const load = (next: LeadFilter, announce = false) =>
    startTransition(async () => {
      const result = await searchLeadsAction(next);
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      setFilter(next);
      setData(result.data);
      if (announce) showToast({ title: '🔄 Leads Refreshed', description: `${result.data.total} leads.`, variant: 'success' });
    });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    load({ ...filter, ...fromDraft(draft), page: 1 });
  };
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const more = data.totalCapped ? '+' : '';
  const onlyKind = !filter.q && !filter.status && !filter.from && !filter.to;
  const spamFolder = filter.status === 'spam';

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-brand-900 text-xl font-semibold">Leads Database</h2>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button} disabled={pending} onClick={() => load(filter, true)}>
            <RefreshCw aria-hidden="true" className="size-4" /> Refresh Leads
          </button>
          <a className={button} href={`/api/admin/leads/export?${filterQuery(filter, { page: false })}`} download>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
        </div>
      </div>

      <div role="group" aria-label="Kind of lead" className="flex flex-wrap gap-2">
        {KIND_TABS.map((tab) => (
          <button
            key={tab.label}
            type="button"
            aria-pressed={filter.kind === tab.value}
            disabled={pending}
            onClick={() => load({ ...filter, kind: tab.value, page: 1 })}
            className="aria-pressed:bg-brand-700 aria-pressed:border-brand-700 rounded-full border border-slate-400 bg-white px-3 py-1 text-sm font-medium aria-pressed:text-white"
          >
            {tab.label}
          </button>
        ))}
      </div>

      <form
        onSubmit={apply}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
        role="search"
      >
        <div className="sm:col-span-2">
          <label htmlFor="leads-q" className={labelClass}>
            Search name, e-mail or phone
          </label>
          <input
            id="leads-q"
            type="search"
            className={inputClass}
            value={draft.q}
            maxLength={100}
            onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="leads-status" className={labelClass}>
            Status
          </label>
          <select
            id="leads-status"
            className={inputClass}
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value })}
          >
            <option value="">Any status (not spam)</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="leads-from" className={labelClass}>
            From
          </label>
          <input
            id="leads-from"
            type="date"
            className={inputClass}
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="leads-to" className={labelClass}>
            To
          </label>
          <input
            id="leads-to"
            type="date"
            className={inputClass}
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-5">
          <button
            type="submit"
            disabled={pending}
            className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
          >
            Apply Filters
          </button>
          <button
            type="button"
            className={button}
            disabled={pending}
            onClick={() => {
              setDraft({ q: '', status: '', from: '', to: '' });
              load({ kind: filter.kind, page: 1 });
            }}
          >
            Clear
          </button>
          <button
            type="button"
            className={button}
            aria-pressed={spamFolder}
            disabled={pending}
            onClick={() => {
              const status = spamFolder ? '' : 'spam';
              setDraft({ ...draft, status });
              load({ ...filter, ...fromDraft({ ...draft, status }), page: 1 });
            }}
          >
            {spamFolder ? 'Back to leads' : `Spam folder (${data.spamCount})`}
          </button>
        </div>
      </form>

      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {pending
          ? 'Loading leads...'
          : `${data.total.toLocaleString('en-US')}${more} ${spamFolder ? 'spam ' : ''}lead${data.total === 1 ? '' : 's'}, page ${data.page} of ${pages}${more}.`}
      </p>

      {data.leads.length === 0 ? (
        <div className="space-y-1 rounded-lg border border-dashed border-slate-400 p-6 text-center text-slate-700">
          {!onlyKind ? (
            <p>No leads match these filters.</p>
          ) : filter.kind ? (
            <p>{KIND_LABELS[filter.kind].empty}</p>
          ) : (
            Object.values(KIND_LABELS).map((k) => <p key={k.empty}>{k.empty}</p>)
          )}
        </div>
      ) : (
        <ol className="space-y-2" aria-label="Leads, newest first">
          {data.leads.map((lead) => (
            <li
              key={lead.id}
              data-testid="lead-row"
              className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="min-w-0">
                <button
                  type="button"
                  onClick={() => setOpenId(lead.id)}
                  className="text-brand-800 text-left font-semibold break-words underline-offset-2 hover:underline"
                >
                  {lead.name || lead.email || 'Unnamed lead'}
                </button>
                <p className="text-sm break-words text-slate-700">{[lead.email, lead.phone].filter(Boolean).join(' · ')}</p>
                <p className="text-sm text-slate-700">
                  {KIND_LABELS[lead.kind].label} · {formatTime(lead.createdAt)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-900">
                  {statusLabel(lead.status)}
                </span>
                {lead.notification && (
                  <span className={`rounded-full px-2 py-0.5 font-medium ${NOTIFICATION_CLASS[lead.notification.status]}`}>
                    E-mail: {NOTIFICATION_LABELS[lead.notification.status]}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}

      {(pages > 1 || data.totalCapped) && (
        <nav aria-label="Pages of leads" className="flex items-center gap-2">
          <button
            type="button"
            className={button}
            disabled={pending || data.page <= 1}
            onClick={() => load({ ...filter, page: data.page - 1 })}
          >
            Previous
          </button>
          <button
            type="button"
            className={button}
            disabled={pending || (data.page >= pages && !data.totalCapped)}
            onClick={() => load({ ...filter, page: data.page + 1 })}
          >
            Next
          </button>
        </nav>
      )}

      <LeadDialog id={openId} onClose={() => setOpenId(null)} onChanged={() => load(filter)} />
    </div>
  );
}

function fromDraft(draft: { q: string; status: string; from: string; to: string }): Partial<LeadFilter> {
  return {
    q: draft.q.trim() || undefined,
    status: (draft.status || undefined) as LeadFilter['status'],
    from: draft.from || undefined,
    to: draft.to || undefined,
  };
}

'use client';

import { useState, type FormEvent } from 'react';
import type { LeadFilter } from '@/lib/leads/admin/filter';
import { inputClass, labelClass } from '../image-field';
import { PipelineFilterFields } from './pipeline-filter-fields';
import { LeadStatusOptions } from './status-options';

type Draft = { q: string; status: string; from: string; to: string; source: string; due: string; assignee: string };

export const leadButton =
  'inline-flex items-center gap-2 rounded-md border border-slate-400 bg-white px-3 py-2 font-medium hover:bg-slate-100 disabled:opacity-60';

const draftOf = (filter: LeadFilter): Draft => ({
  q: filter.q ?? '',
  status: filter.status ?? '',
  from: filter.from ?? '',
  to: filter.to ?? '',
  due: filter.due ?? '',
  assignee: filter.assignee ?? '',
  source: filter.source ?? '',
});

const fromDraft = (draft: Draft): Partial<LeadFilter> => ({
  q: draft.q.trim() || undefined,
  status: (draft.status || undefined) as LeadFilter['status'],
  from: draft.from || undefined,
  to: draft.to || undefined,
  due: (draft.due || undefined) as LeadFilter['due'],
  assignee: (draft.assignee || undefined) as LeadFilter['assignee'],
  source: draft.source.trim().toLowerCase() || undefined,
});

const KIND_TABS = [
  { value: undefined, label: 'All leads' },
  { value: 'contact', label: 'Contact form leads' },
  { value: 'qualification', label: 'Qualification form leads' },
  { value: 'application', label: 'Detailed applications' },
  { value: 'ebook', label: 'Ebook leads' },
  { value: 'calculator', label: 'Calculator estimates' },
] as const;

/**
 * The kind buttons and the search form. The fields start from the filter in the address, so Back
 * shows the filter it returns to (the parent keys this component by it), and every button applies
 * what the fields show, so the list always matches them. Without JavaScript the form is a plain
 * GET form to the same page.
 */
export function LeadFilters({
  filter,
  spamCount,
  pending,
  onApply,
}: {
  filter: LeadFilter;
  spamCount: number;
  pending: boolean;
  onApply: (next: LeadFilter) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(filter));
  const spamFolder = filter.status === 'spam';
  const field = (key: keyof Draft) => ({
    id: `leads-${key}`,
    name: key,
    className: inputClass,
    value: draft[key],
    // Held while a filter loads: the form is remounted with the new filter when it arrives (keyed
    // by it), so a choice made meanwhile would be silently dropped from the list it shows.
    disabled: pending,
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  const apply = (changes: Partial<LeadFilter> = {}) => onApply({ ...filter, ...fromDraft(draft), ...changes, page: 1 });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };

  return (
    <>
      <div role="group" aria-label="Kind of lead" className="flex flex-wrap gap-2">
        {KIND_TABS.map((tab) => (
          <button
            key={tab.label}
            type="button"
            aria-pressed={filter.kind === tab.value}
            disabled={pending}
            onClick={() => apply({ kind: tab.value })}
            className="aria-pressed:bg-brand-700 aria-pressed:border-brand-700 rounded-full border border-slate-400 bg-white px-3 py-1 text-sm font-medium aria-pressed:text-white"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <form
        action="/admin/leads"
        method="get"
        onSubmit={submit}
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
        role="search"
      >
        {filter.kind && <input type="hidden" name="kind" value={filter.kind} />}
        {filter.view && <input type="hidden" name="view" value={filter.view} />}
        {filter.bot && <input type="hidden" name="bot" value={filter.bot} />}
        {filter.licenses && <input type="hidden" name="licenses" value={filter.licenses} />}
        <div className="sm:col-span-2">
          <label htmlFor="leads-q" className={labelClass}>
            Search name, e-mail or phone
          </label>
          <input type="search" maxLength={100} {...field('q')} />
        </div>
        <div>
          <label htmlFor="leads-status" className={labelClass}>
            Status
          </label>
          <select {...field('status')}>
            <option value="">Any status (not spam)</option>
            <LeadStatusOptions />
          </select>
        </div>
        <div>
          <label htmlFor="leads-from" className={labelClass}>
            From
          </label>
          <input type="date" {...field('from')} />
        </div>
        <div>
          <label htmlFor="leads-to" className={labelClass}>
            To
          </label>
          <input type="date" {...field('to')} />
        </div>
        <div>
          <label htmlFor="leads-source" className={labelClass}>
            Source
          </label>
          <input type="text" maxLength={100} aria-describedby="leads-source-hint" {...field('source')} />
          <p id="leads-source-hint" className="mt-1 text-sm text-slate-700">
            First or last touch, e.g. google, news, direct
          </p>
        </div>
        <PipelineFilterFields field={field} />
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-6">
          <button
            type="submit"
            disabled={pending}
            className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
          >
            Apply Filters
          </button>
          <button
            type="button"
            className={leadButton}
            disabled={pending}
            onClick={() => onApply({ kind: filter.kind, view: filter.view, page: 1 })}
          >
            Clear
          </button>
          <button
            type="button"
            className={leadButton}
            aria-pressed={spamFolder}
            disabled={pending}
            onClick={() => apply({ status: spamFolder ? undefined : 'spam' })}
          >
            {spamFolder ? 'Back to leads' : `Spam folder (${spamCount})`}
          </button>
          <button
            type="button"
            className={leadButton}
            aria-pressed={filter.bot === 'possible'}
            disabled={pending}
            onClick={() => apply({ bot: filter.bot ? undefined : 'possible' })}
          >
            Possible bots only
          </button>
          <button
            type="button"
            className={leadButton}
            aria-pressed={filter.licenses === 'outside'}
            disabled={pending}
            onClick={() => apply({ licenses: filter.licenses ? undefined : 'outside' })}
          >
            Outside our licenses only
          </button>
        </div>
      </form>
    </>
  );
}

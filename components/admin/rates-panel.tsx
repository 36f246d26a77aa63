'use client';

import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { RATE_ICONS } from '@/lib/content/schema';
import { addRateAction, deleteRateAction, reorderRatesAction, updateRateAction } from '@/lib/rates/actions';
import type { RateInput } from '@/lib/rates/schema';
import type { Rate } from '@/lib/rates/types';
import { inputClass, labelClass } from './image-field';
import { RateIconPreview } from './rate-icon';

export const NO_RATES = "No rates have been added yet. Click 'Add New Rate' to start.";

const fields: { key: keyof RateInput; label: string; long?: boolean }[] = [
  { key: 'type', label: 'Type' },
  { key: 'rate', label: 'Rate' },
  { key: 'apr', label: 'APR' },
  { key: 'term', label: 'Term' },
  { key: 'notes', label: 'Notes', long: true },
];

const toInput = (r: Rate): RateInput => ({ type: r.type, rate: r.rate, apr: r.apr, term: r.term, notes: r.notes, icon: r.icon });

/**
 * Rates tab: each rate saves as soon as a field is left (so there is never unsaved work to lose);
 * the public 'Last updated' follows every change.
 */
export function RatesPanel({ initial }: { initial: Rate[] }) {
  const [rates, setRates] = useState(initial);
  const [pending, startTransition] = useTransition();

  const add = () =>
    startTransition(async () => {
      const result = await addRateAction();
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      setRates((list) => [...list, result.data]);
      showToast({ title: result.title, description: result.message, variant: 'success' });
    });

  const remove = (rate: Rate) =>
    startTransition(async () => {
      const result = await deleteRateAction({ id: rate.id });
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      setRates((list) => list.filter((r) => r.id !== rate.id));
      showToast({ title: result.title, description: result.message, variant: 'success' });
    });

  const move = (from: number, to: number) =>
    startTransition(async () => {
      const order = rates.map((r) => r.id);
      const [id] = order.splice(from, 1);
      order.splice(to, 0, id!);
      const result = await reorderRatesAction({ ids: order });
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      setRates(result.data);
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-brand-900 text-xl font-semibold">Rates</h2>
        <button
          type="button"
          onClick={add}
          disabled={pending}
          className="bg-brand-700 hover:bg-brand-800 inline-flex items-center gap-2 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          <Plus aria-hidden="true" className="size-4" /> Add New Rate
        </button>
      </div>
      {rates.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-400 p-6 text-center text-slate-700">{NO_RATES}</p>
      ) : (
        <ol className="space-y-4">
          {rates.map((rate, index) => (
            <RateRow
              key={rate.id}
              rate={rate}
              first={index === 0}
              last={index === rates.length - 1}
              disabled={pending}
              onDelete={() => remove(rate)}
              onMove={(delta) => move(index, index + delta)}
              onSaved={(next) => setRates((list) => list.map((r) => (r.id === next.id ? next : r)))}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function RateRow({
  rate,
  first,
  last,
  disabled,
  onDelete,
  onMove,
  onSaved,
}: {
  rate: Rate;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
  onSaved: (rate: Rate) => void;
}) {
  const [draft, setDraft] = useState(() => toInput(rate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const idBase = `rate-${rate.id}`;
  const name = rate.type || 'rate';

  async function save(next = draft) {
    if (JSON.stringify(next) === JSON.stringify(toInput(rate))) return;
    setStatus('Saving...');
    const result = await updateRateAction({ ...next, id: rate.id });
    if (result.ok) {
      setErrors({});
      setStatus('Saved.');
      onSaved(result.data);
    } else {
      setErrors(result.fieldErrors ?? {});
      setStatus(result.error);
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="rate-row">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {fields.map(({ key, label, long }) => (
          <div key={key} className={long ? 'sm:col-span-2 lg:col-span-4' : undefined}>
            <label htmlFor={`${idBase}-${key}`} className={labelClass}>
              {label}
            </label>
            <input
              id={`${idBase}-${key}`}
              className={inputClass}
              value={draft[key]}
              aria-invalid={errors[key] ? true : undefined}
              aria-describedby={errors[key] ? `${idBase}-${key}-error` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
              onBlur={() => void save()}
            />
            {errors[key] && (
              <p id={`${idBase}-${key}-error`} className="mt-1 text-sm text-red-800">
                {errors[key]}
              </p>
            )}
          </div>
        ))}
        <div>
          <label htmlFor={`${idBase}-icon`} className={labelClass}>
            Icon
          </label>
          <div className="flex items-center gap-2">
            <RateIconPreview name={draft.icon} className="text-brand-700 mt-1 size-6 shrink-0" />
            <select
              id={`${idBase}-icon`}
              className={inputClass}
              value={draft.icon}
              onChange={(e) => {
                const next = { ...draft, icon: e.target.value as RateInput['icon'] };
                setDraft(next);
                void save(next);
              }}
            >
              {RATE_ICONS.map((icon) => (
                <option key={icon}>{icon}</option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={disabled || first}
          onClick={() => onMove(-1)}
          aria-label={`Move ${name} up`}
          className="rounded-md border border-slate-400 bg-white p-2 disabled:opacity-50"
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          disabled={disabled || last}
          onClick={() => onMove(1)}
          aria-label={`Move ${name} down`}
          className="rounded-md border border-slate-400 bg-white p-2 disabled:opacity-50"
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </button>
        <button
          type="button"
          disabled={disabled}
          onClick={onDelete}
          className="inline-flex items-center gap-1 rounded-md border border-red-700 bg-white px-3 py-2 text-sm font-medium text-red-800 hover:bg-red-50"
          aria-label={`Delete ${name}`}
        >
          <Trash2 aria-hidden="true" className="size-4" /> Delete
        </button>
        <p role="status" aria-live="polite" className="text-sm text-slate-700">
          {status}
        </p>
      </div>
    </li>
  );
}

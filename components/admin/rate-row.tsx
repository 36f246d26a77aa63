'use client';

import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { AdCopyFinding } from '@/lib/compliance/ad-copy';
import { updateRateAction } from '@/lib/rates/actions/rates';
import { RATE_ICONS, RATE_KINDS, type RateInput } from '@/lib/rates/schema';
import type { Rate } from '@/lib/rates/types';
import { AdCopyWarnings, adCopyToastNote } from './ad-copy-warnings';
import { inputClass, labelClass } from './image-field';
import { RateIconPreview } from './rate-icon';

type TextKey = 'type' | 'rate' | 'apr' | 'term' | 'notes';

const fields: { key: TextKey; label: string; long?: boolean; decimal?: boolean }[] = [
  { key: 'type', label: 'Type' },
  { key: 'rate', label: 'Rate', decimal: true },
  { key: 'apr', label: 'APR', decimal: true },
  { key: 'term', label: 'Term' },
  { key: 'notes', label: 'Notes', long: true },
];

// 'Fixed or adjustable' rather than 'Rate type': the Type field is the loan's name, and a label
// holding 'Type' or 'Rate' would be mistaken for those fields by anyone finding fields by label.
const KIND_LABELS: Record<(typeof RATE_KINDS)[number], string> = { fixed: 'Fixed', adjustable: 'Adjustable' };

const toInput = (r: Rate): RateInput => ({
  type: r.type,
  rate: r.rate,
  apr: r.apr,
  rateKind: r.rateKind,
  term: r.term,
  notes: r.notes,
  icon: r.icon,
});

/**
 * One rate of the Rates tab. Each field saves as soon as it is left (so there is never unsaved
 * work to lose); a refused value keeps its message under the field and nothing is stored.
 */
export function RateRow({
  rate,
  first,
  last,
  disabled,
  onDelete,
  onMove,
  onSaved,
  adCopy = [],
  onDismissed = () => {},
}: {
  rate: Rate;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
  /** A save stored the rate; its ad-copy warnings come with it (issue 31). */
  onSaved: (rate: Rate, adCopy: AdCopyFinding[]) => void;
  /** This rate's ad-copy warnings not dismissed. */
  adCopy?: AdCopyFinding[];
  onDismissed?: (key: string) => void;
}) {
  const [draft, setDraft] = useState(() => toInput(rate));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const idBase = `rate-${rate.id}`;
  const name = rate.type || 'rate';

  // Saves overlap: leaving a field saves the row, so leaving the next one saves it again before
  // the first answer is back. Only the newest save may set the row's messages: an older refusal
  // arriving late would otherwise mark a field the owner has since corrected.
  const newestSave = useRef(0);

  async function save(next = draft) {
    const mine = ++newestSave.current;
    if (JSON.stringify(next) === JSON.stringify(toInput(rate))) {
      // Back to the stored values after a refusal: nothing to save, and nothing left to fix.
      if (Object.keys(errors).length > 0) {
        setErrors({});
        setStatus('Saved.');
      }
      return;
    }
    setStatus('Saving...');
    const result = await updateRateAction({ ...next, id: rate.id });
    // What was stored is the row's truth whichever save stored it.
    if (result.ok) onSaved(result.data.rate, result.data.adCopy);
    if (mine !== newestSave.current) return;
    if (result.ok) {
      setErrors({});
      setStatus(`Saved.${adCopyToastNote(result.data.adCopy)}`);
      // Show a value as stored ('7' becomes '7.00%'), unless the owner has typed on meanwhile.
      const saved = toInput(result.data.rate);
      setDraft((d) => ({
        ...d,
        ...Object.fromEntries(fields.filter(({ key }) => d[key] === next[key]).map(({ key }) => [key, saved[key]])),
      }));
    } else {
      setErrors(result.fieldErrors ?? {});
      setStatus(result.error);
    }
  }

  const choose = (change: Partial<RateInput>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    void save(next);
  };

  const errorProps = (key: keyof RateInput) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `${idBase}-${key}-error` : undefined,
  });
  const errorText = (key: keyof RateInput) =>
    errors[key] && (
      <p id={`${idBase}-${key}-error`} className="mt-1 text-sm text-red-800">
        {errors[key]}
      </p>
    );

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="rate-row">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {fields.map(({ key, label, long, decimal }) => (
          <div key={key} className={long ? 'sm:col-span-2 lg:col-span-4' : undefined}>
            <label htmlFor={`${idBase}-${key}`} className={labelClass}>
              {label}
            </label>
            <input
              id={`${idBase}-${key}`}
              className={inputClass}
              value={draft[key]}
              inputMode={decimal ? 'decimal' : undefined}
              {...errorProps(key)}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
              onBlur={() => void save()}
            />
            {errorText(key)}
          </div>
        ))}
        <div>
          <label htmlFor={`${idBase}-rateKind`} className={labelClass}>
            Fixed or adjustable
          </label>
          <select
            id={`${idBase}-rateKind`}
            className={inputClass}
            value={draft.rateKind}
            {...errorProps('rateKind')}
            onChange={(e) => choose({ rateKind: e.target.value as RateInput['rateKind'] })}
          >
            {RATE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          {errorText('rateKind')}
        </div>
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
              onChange={(e) => choose({ icon: e.target.value as RateInput['icon'] })}
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
      <AdCopyWarnings
        findings={adCopy}
        onDismissed={onDismissed}
        onStatus={setStatus}
        heading="Advertising claims in this rate"
        headingLevel={3}
        className="mt-3"
      />
    </li>
  );
}

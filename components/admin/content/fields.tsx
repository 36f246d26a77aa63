'use client';

import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { fieldRules } from '@/lib/content/field-rules';
import { LOAN_ICONS, PLAN_IDS } from '@/lib/content/schema';
import { EXAMPLE_PAYMENTS, type ExamplePayments } from '@/lib/rates/example';
import { ImageField, inputClass, labelClass } from '../image-field';
import { blankItem, isLongText, itemName, labelFor, pathKey, type Path } from './tree';

/**
 * A generic editor for one part of the content tree: it renders whatever the value holds
 * (text, numbers, switches, lists, nested groups), so every section the schema has gets an editor
 * and a new field needs no new form code.
 */

export interface FieldContext {
  errors: Record<string, string>;
  onChange: (path: Path, value: unknown) => void;
}

const HIDDEN_KEYS = new Set(['id', 'pdfMediaId']);

const PAYMENT_LABELS: Record<ExamplePayments, string> = {
  'interest-only': 'Interest-only, the balance due at the end',
  amortizing: 'Amortizing (repaid by the monthly payments)',
};

const smallButton =
  'inline-flex items-center gap-1 rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-800 hover:bg-slate-100 disabled:opacity-50';

export function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

export function ValueEditor({ path, value, ctx, label }: { path: Path; value: unknown; ctx: FieldContext; label: string }) {
  const key = String(path[path.length - 1]);
  const parentKey = String(path[path.length - 2] ?? '');
  if (Array.isArray(value)) return <ListEditor path={path} items={value} ctx={ctx} label={label} />;
  if (typeof value === 'object' && value !== null) {
    return (
      <fieldset className="rounded-lg border border-slate-300 p-4 sm:col-span-2">
        <legend className="text-brand-900 px-1 font-semibold">{label}</legend>
        <ObjectFields path={path} value={value as Record<string, unknown>} ctx={ctx} />
      </fieldset>
    );
  }
  if (key === 'imageUrl') {
    return (
      <ImageField label={label} value={String(value)} onChange={(v) => ctx.onChange(path, v)} error={ctx.errors[pathKey(path)]} />
    );
  }
  return (
    <ScalarField
      path={path}
      value={value}
      ctx={ctx}
      label={label}
      long={typeof value === 'string' && isLongText(key, parentKey, value)}
    />
  );
}

export function ObjectFields({ path, value, ctx }: { path: Path; value: Record<string, unknown>; ctx: FieldContext }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {Object.entries(value)
        .filter(([key]) => !HIDDEN_KEYS.has(key))
        .map(([key, child]) => (
          <ValueEditor key={key} path={[...path, key]} value={child} ctx={ctx} label={labelFor(key)} />
        ))}
    </div>
  );
}

function ScalarField({
  path,
  value,
  ctx,
  label,
  long,
}: {
  path: Path;
  value: unknown;
  ctx: FieldContext;
  label: string;
  long: boolean;
}) {
  const id = useId();
  const key = String(path[path.length - 1]);
  const error = ctx.errors[pathKey(path)];
  const rules = fieldRules(path);
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'data-path': pathKey(path),
  };
  let control;
  if (typeof value === 'boolean') {
    return (
      <div>
        <label className="flex items-center gap-2 font-medium text-slate-800">
          <input
            type="checkbox"
            {...common}
            checked={value}
            onChange={(e) => ctx.onChange(path, e.target.checked)}
            className="size-4"
          />
          {label}
        </label>
        <ErrorText id={`${id}-error`} error={error} />
      </div>
    );
  } else if (typeof value === 'number') {
    control = (
      <input
        type="number"
        {...common}
        min={rules.min}
        max={rules.max}
        step={rules.step ?? 1}
        className={inputClass}
        value={Number.isNaN(value) ? '' : value}
        onChange={(e) => ctx.onChange(path, e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
    );
  } else if (key === 'icon') {
    control = (
      <select {...common} className={inputClass} value={String(value)} onChange={(e) => ctx.onChange(path, e.target.value)}>
        {LOAN_ICONS.map((icon) => (
          <option key={icon}>{icon}</option>
        ))}
      </select>
    );
  } else if (key === 'payments') {
    control = (
      <select {...common} className={inputClass} value={String(value)} onChange={(e) => ctx.onChange(path, e.target.value)}>
        {EXAMPLE_PAYMENTS.map((payments) => (
          <option key={payments} value={payments}>
            {PAYMENT_LABELS[payments]}
          </option>
        ))}
      </select>
    );
  } else if (long) {
    control = (
      <textarea
        {...common}
        rows={3}
        className={inputClass}
        value={String(value ?? '')}
        onChange={(e) => ctx.onChange(path, e.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        className={inputClass}
        value={String(value ?? '')}
        onChange={(e) => ctx.onChange(path, e.target.value)}
      />
    );
  }
  const { hint } = rules;
  return (
    <div className={long ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control}
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A list: add, remove and move items (loan types, reviews, features, plans...). */
function ListEditor({ path, items, ctx, label }: { path: Path; items: unknown[]; ctx: FieldContext; label: string }) {
  const key = String(path[path.length - 1]);
  const fixed = key === 'plans' && items.every((p) => PLAN_IDS.includes((p as { id: (typeof PLAN_IDS)[number] }).id)); // tied to checkout
  const error = ctx.errors[pathKey(path)];
  const singular = label.replace(/ies$/, 'y').replace(/s$/, '');
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    ctx.onChange(path, next);
  };
  return (
    <fieldset className="rounded-lg border border-slate-300 p-4 sm:col-span-2" data-testid={`list-${pathKey(path)}`}>
      <legend className="text-brand-900 px-1 font-semibold">{label}</legend>
      {error && <p className="mb-2 text-sm text-red-800">{error}</p>}
      {items.length === 0 && <p className="text-sm text-slate-600">None yet.</p>}
      <ol className="space-y-3">
        {items.map((item, index) => {
          const name = typeof item === 'string' ? item || `${singular} ${index + 1}` : itemName(item, index);
          return (
            <li key={index} className="rounded-md bg-slate-50 p-3">
              <div className="flex flex-wrap items-start gap-2">
                <div className="min-w-0 flex-1">
                  <ValueEditor
                    path={[...path, index]}
                    value={item}
                    ctx={ctx}
                    label={typeof item === 'string' ? `${singular} ${index + 1}` : name}
                  />
                </div>
                <div className="flex gap-1 pt-6">
                  <button
                    type="button"
                    className={smallButton}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`Move ${name} up`}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`Move ${name} down`}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  {!fixed && (
                    <button
                      type="button"
                      className={smallButton}
                      onClick={() =>
                        ctx.onChange(
                          path,
                          items.filter((_, i) => i !== index),
                        )
                      }
                      aria-label={`Remove ${name}`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </button>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {!fixed && (
        <button
          type="button"
          className={`${smallButton} mt-3`}
          onClick={() => ctx.onChange(path, [...items, blankItem(key, items[0])])}
        >
          <Plus aria-hidden="true" className="size-4" /> Add {singular}
        </button>
      )}
    </fieldset>
  );
}

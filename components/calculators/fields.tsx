import type { ReactNode } from 'react';

/**
 * The inputs of a calculator form. Uncontrolled on purpose (`defaultValue`): React never writes a
 * field's value, so nothing a visitor typed before hydration is lost (see ./use-calculator.ts).
 * Plain components (no hooks): they render on the server and inside a calculator's client part.
 */

const inputClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 tabular-nums focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';
const labelClass = 'block text-sm font-medium text-slate-800';

interface FieldProps {
  /** The query parameter. */
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: ReactNode;
  /** Shown before the input ('$'). */
  prefix?: string;
  /** Shown after the input ('%', 'months'). */
  suffix?: string;
  /** The phone keyboard: digits only for counts. */
  inputMode?: 'decimal' | 'numeric';
}

const ids = (name: string) => ({ id: `calc-${name}`, hint: `calc-${name}-hint`, error: `calc-${name}-error` });

function Help({ name, hint, error }: Pick<FieldProps, 'name' | 'hint' | 'error'>) {
  const id = ids(name);
  return (
    <>
      {hint && (
        <p id={id.hint} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={id.error} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (name: string, hint: unknown, error: unknown) =>
  [hint ? ids(name).hint : '', error ? ids(name).error : ''].filter(Boolean).join(' ') || undefined;

/** A decimal number (amount, rate, months): text with a numeric keyboard, so '7.5' and '400,000' both type. */
export function NumberField({ name, label, defaultValue, error, hint, prefix, suffix, inputMode = 'decimal' }: FieldProps) {
  const id = ids(name);
  return (
    <div>
      <label htmlFor={id.id} className={labelClass}>
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        {prefix && (
          <span aria-hidden="true" className="text-slate-700">
            {prefix}
          </span>
        )}
        <input
          id={id.id}
          name={name}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, hint, error)}
          className={inputClass}
        />
        {suffix && <span className="shrink-0 text-sm text-slate-700">{suffix}</span>}
      </div>
      <Help name={name} hint={hint} error={error} />
    </div>
  );
}

/** One of a few options (the draw schedule). */
export function SelectField({
  name,
  label,
  defaultValue,
  error,
  hint,
  options,
}: Omit<FieldProps, 'prefix' | 'suffix' | 'inputMode'> & { options: readonly { value: string; label: string }[] }) {
  const id = ids(name);
  return (
    <div>
      <label htmlFor={id.id} className={labelClass}>
        {label}
      </label>
      <select
        id={id.id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        className={`mt-1 ${inputClass}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Help name={name} hint={hint} error={error} />
    </div>
  );
}

/** Free text (a list of custom draws). */
export function TextAreaField({ name, label, defaultValue, error, hint }: Omit<FieldProps, 'prefix' | 'suffix' | 'inputMode'>) {
  const id = ids(name);
  return (
    <div>
      <label htmlFor={id.id} className={labelClass}>
        {label}
      </label>
      <textarea
        id={id.id}
        name={name}
        rows={2}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        className={`mt-1 ${inputClass}`}
      />
      <Help name={name} hint={hint} error={error} />
    </div>
  );
}

import type { InputHTMLAttributes } from 'react';

type TextFieldProps = {
  name: string;
  /** Defaults to the name; set it where another form on the page has a field of that name. */
  id?: string;
  label: string;
  hint?: string;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

/** A labelled input with its hint and error tied to it (aria-describedby), for the team's forms. */
export function TextField({ name, id = name, label, hint, error, className, ...input }: TextFieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 read-only:bg-slate-100 aria-invalid:border-red-700"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

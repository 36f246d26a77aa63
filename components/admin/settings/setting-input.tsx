import type { InputHTMLAttributes, ReactNode } from 'react';
import { fieldOf, SET_BY_ENVIRONMENT, type SettingName } from '@/lib/settings/fields';
import type { SettingFieldView } from '@/lib/settings/types';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 read-only:bg-slate-100 aria-invalid:border-red-700';

export const settingId = (name: SettingName) => `setting-${name}`;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'defaultValue' | 'value'>;

/**
 * One setting's field: its label, the hint and the error tied to it (aria-describedby). A field
 * the server's environment sets is a read-only input without a name (never posted), with a note
 * naming the variable. A secret is never shown: a saved one is said to be there, an empty field
 * keeps it, and a box removes it.
 */
export function SettingInput({
  field,
  hint,
  error,
  children,
  ...input
}: { field: SettingFieldView; hint?: string; error?: string; children?: ReactNode } & InputProps) {
  const { name, label, env } = fieldOf(field.name);
  const id = settingId(field.name);
  const fromEnvironment = field.source === 'environment';
  const secretNote = field.secretSaved ? 'Saved — enter a new one to replace it.' : undefined;
  const note = fromEnvironment ? `${SET_BY_ENVIRONMENT} (${env}).` : (secretNote ?? hint);
  const described = [note && `${id}-note`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {fromEnvironment ? (
        <input
          id={id}
          readOnly
          type={isSecret(field) ? 'password' : 'text'}
          defaultValue={field.value}
          aria-describedby={described}
          className={inputClass}
          {...input}
        />
      ) : (
        <input
          id={id}
          name={name}
          defaultValue={field.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={inputClass}
          {...input}
        />
      )}
      {note && (
        <p
          id={`${id}-note`}
          className="mt-1 text-sm text-slate-600"
          data-testid={fromEnvironment ? 'set-by-environment' : undefined}
        >
          {note}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
      {!fromEnvironment && children}
    </div>
  );
}

const isSecret = (field: SettingFieldView) => 'secret' in fieldOf(field.name);

/** "Remove the saved password": under a secret that is saved. */
export function RemoveSecret({ field, label }: { field: SettingFieldView; label: string }) {
  if (!field.secretSaved) return null;
  return (
    <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" name="remove" value={field.name} className="size-4" />
      {label}
    </label>
  );
}

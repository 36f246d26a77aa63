const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-700';

/** A labelled password input with its error below it (Change Password, Choose your password). */
export function PasswordField({
  name,
  label,
  autoComplete,
  error,
  autoFocus,
}: {
  name: string;
  label: string;
  autoComplete: string;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        autoComplete={autoComplete}
        // On a page with one task (Choose your password), its first field is where the owner types.
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className={inputClass}
      />
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

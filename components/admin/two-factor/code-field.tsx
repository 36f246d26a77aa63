import type { Ref } from 'react';

/**
 * 'Authentication code': the app's six digits, pasted or typed ('123 456' works), or a recovery
 * code. `one-time-code` lets phones offer a code from a message or a password manager.
 */
export function CodeField({
  id = 'code',
  inputRef,
  describedBy,
  recovery = true,
  required = true,
}: {
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string;
  /** Whether a recovery code is accepted here too (the hint says so). */
  recovery?: boolean;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Authentication code
      </label>
      <input
        ref={inputRef}
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        required={required}
        maxLength={64}
        spellCheck={false}
        aria-describedby={[`${id}-hint`, describedBy].filter(Boolean).join(' ')}
        className="focus:border-brand-700 mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono tracking-wider"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        The 6-digit code from your authenticator app.
        {recovery ? ' Lost your phone? Enter one of your recovery codes instead.' : ''}
      </p>
    </div>
  );
}

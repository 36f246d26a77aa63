'use client';

import { useActionState } from 'react';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/policy';
import { choosePasswordAction } from '@/lib/auth/actions/choose-password';
import { PasswordField } from './account/password-field';

/**
 * The 'Choose your password' form. A plain form post to its Server Action, so it works without
 * JavaScript: a refusal comes back as this page with the field's error, success as a redirect to
 * the dashboard.
 */
export function ChoosePasswordForm() {
  const [state, action, pending] = useActionState(choosePasswordAction, null);
  const fieldErrors = state && !state.ok ? state.fieldErrors : undefined;
  return (
    <form action={action} noValidate className="space-y-4">
      <h1 className="text-brand-900 text-2xl font-bold">Choose your password</h1>
      <p className="text-slate-700">
        You signed in with the default password, which the login page shows to anyone. Choose your own before you continue: you
        will sign in with it from now on.
      </p>
      {/* For password managers: the account the new password belongs to. */}
      <input type="hidden" name="username" value="admin" autoComplete="username" />
      <PasswordField
        name="newPassword"
        label="New Password"
        autoComplete="new-password"
        error={fieldErrors?.newPassword}
        autoFocus
      />
      <p className="text-sm text-slate-600">At least {PASSWORD_MIN_LENGTH} characters; a long passphrase is best.</p>
      <PasswordField
        name="confirmPassword"
        label="Confirm New Password"
        autoComplete="new-password"
        error={fieldErrors?.confirmPassword}
      />
      <button
        type="submit"
        disabled={pending}
        className="bg-brand-700 hover:bg-brand-800 w-full rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {pending ? 'Saving...' : 'Save and continue'}
      </button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {state && !state.ok && !fieldErrors ? state.error : ''}
      </p>
    </form>
  );
}

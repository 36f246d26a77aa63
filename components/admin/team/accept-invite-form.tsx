'use client';

import { useActionState, useEffect, useRef } from 'react';
import { PASSWORD_MIN_LENGTH } from '@/lib/auth/policy';
import { acceptInviteAction } from '@/lib/team/actions/accept-invite';
import { TextField } from './text-field';

/**
 * The invitation page's form. A Server Action with the page as its permalink, so without
 * JavaScript the browser posts it and gets the page back with its errors, or the admin.
 */
export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState(acceptInviteAction, null, `/invite/${token}`);
  const errors = state?.fieldErrors;
  const formRef = useRef<HTMLFormElement>(null);
  // A refused submission takes the focus to the first field to fix.
  useEffect(() => {
    if (state) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [state]);

  return (
    <form ref={formRef} action={action} noValidate className="mt-6 space-y-4">
      <input type="hidden" name="token" value={token} />
      {/* Read-only, so password managers store the new password under this e-mail. */}
      <TextField name="email" label="Email" type="email" autoComplete="username" defaultValue={email} readOnly />
      {/* React empties the form after each submission: a refused one gets its name back. */}
      <TextField name="name" label="Your Name" autoComplete="name" defaultValue={state?.name} error={errors?.name} />
      <TextField
        name="newPassword"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; a long passphrase is best.`}
        error={errors?.newPassword}
      />
      <TextField
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors?.confirmPassword}
      />
      <button
        type="submit"
        disabled={pending}
        className="bg-brand-700 hover:bg-brand-800 w-full rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {pending ? 'Creating your account...' : 'Create Account'}
      </button>
      <p role="alert" className="min-h-5 text-sm font-medium text-red-800">
        {state?.error ?? ''}
      </p>
    </form>
  );
}

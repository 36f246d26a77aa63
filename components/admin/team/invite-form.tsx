'use client';

import { useRef, useState, useTransition, type FormEvent } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/auth/roles';
import { inviteAction } from '@/lib/team/actions/team';
import { INVITE_VALID_HOURS } from '@/lib/team/schemas';
import { TextField } from './text-field';
import { toastResult } from './toast-result';

/** 'Invite someone': an e-mail and a role; the link goes out through the outbox. */
export function InviteForm() {
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = { email: String(data.get('email') ?? ''), role: String(data.get('role') ?? '') as Role };
    startTransition(async () => {
      const result = await withStepUp(() => inviteAction(input));
      setErrors(result.ok ? {} : (result.fieldErrors ?? {}));
      if (toastResult(result)) formRef.current?.reset();
      else if (!result.ok && result.fieldErrors?.email)
        formRef.current?.querySelector<HTMLInputElement>('#invite-email')?.focus();
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="invite-title" className="max-w-xl space-y-4">
      <h3 id="invite-title" className="text-brand-900 text-lg font-semibold">
        Invite someone
      </h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
        <TextField name="email" id="invite-email" label="Email" type="email" autoComplete="off" error={errors.email} />
        <div>
          <label htmlFor="invite-role" className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select
            id="invite-role"
            name="role"
            defaultValue="editor"
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-sm text-slate-600">The link in the e-mail works once, for {INVITE_VALID_HOURS} hours.</p>
      <button
        type="submit"
        disabled={pending}
        className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {pending ? 'Sending...' : 'Send Invitation'}
      </button>
    </form>
  );
}

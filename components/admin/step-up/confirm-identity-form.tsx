'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useId, useRef, useState, type FormEvent } from 'react';
import { CodeField } from '@/components/admin/two-factor/code-field';
import type { ActionResult } from '@/lib/admin/result';
import { confirmWithPasskeyAction, confirmWithPasswordAction, stepUpPasskeyOptionsAction } from '@/lib/auth/actions/step-up';

export interface ConfirmMethods {
  totp: boolean;
  passkey: boolean;
}

/**
 * 'Confirm it's you': the password (and the code when the account has an authenticator app), or a
 * passkey. Used by the step-up dialog and the /admin/confirm page; `onConfirmed` runs once the
 * session counts as freshly signed in again.
 */
export function ConfirmIdentityForm({
  methods,
  onConfirmed,
  onCancel,
}: {
  methods: ConfirmMethods;
  onConfirmed: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // An account with passkeys but no app confirms with a passkey: its password alone is one factor.
  const passwordForm = methods.totp || !methods.passkey;

  async function settle(run: () => Promise<ActionResult>) {
    setPending(true);
    const answer = await run().catch(
      () => ({ ok: false, title: 'Error', error: 'The server could not be reached. Please try again.' }) as const,
    );
    setPending(false);
    setResult(answer);
    if (answer.ok) onConfirmed();
    else passwordRef.current?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void settle(() =>
      confirmWithPasswordAction({ password: String(form.get('password') ?? ''), code: String(form.get('code') ?? '') }),
    );
  }

  async function withPasskey() {
    await settle(async () => {
      const options = await stepUpPasskeyOptionsAction();
      if (!options.ok) return options;
      try {
        return await confirmWithPasskeyAction(await startAuthentication({ optionsJSON: options.data }));
      } catch {
        return { ok: false, title: 'Cancelled', error: 'The passkey prompt was closed. Please try again.' };
      }
    });
  }

  const error = result && !result.ok ? result.error : '';
  return (
    <div className="space-y-4">
      {passwordForm && (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div>
            <label htmlFor={`${id}-password`} className="block text-sm font-medium text-slate-800">
              Password
            </label>
            <input
              ref={passwordRef}
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              // The dialog's and the page's one task: the cursor starts where the typing does.
              autoFocus
              className="focus:border-brand-700 mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </div>
          {methods.totp && <CodeField id={`${id}-code`} describedBy={`${id}-status`} />}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              disabled={pending}
              className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
            >
              {pending ? 'Verifying...' : 'Confirm'}
            </button>
            {onCancel && (
              <button
                type="button"
                onClick={onCancel}
                className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
              >
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      {methods.passkey && (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={withPasskey}
            disabled={pending}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-70"
          >
            Confirm with a passkey
          </button>
          {!passwordForm && onCancel && (
            <button
              type="button"
              onClick={onCancel}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100"
            >
              Cancel
            </button>
          )}
        </div>
      )}
      <p id={`${id}-status`} role="status" aria-live="polite" className="min-h-5 text-sm text-red-800">
        {error}
      </p>
    </div>
  );
}

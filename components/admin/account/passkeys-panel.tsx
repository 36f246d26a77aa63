'use client';

import { startRegistration } from '@simplewebauthn/browser';
import { useState, useTransition, type FormEvent } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { showToast } from '@/components/ui/toast-store';
import type { ActionResult } from '@/lib/admin/result';
import { addPasskeyAction, passkeyRegistrationOptionsAction, removePasskeyAction } from '@/lib/auth/actions/two-factor';

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const button = 'rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-70';

function toast(result: ActionResult<unknown>) {
  if (result.ok) showToast({ title: result.title, description: result.message, variant: 'success' });
  else showToast({ title: result.title, description: result.error, variant: 'error' });
}

/** Passkeys: this device's fingerprint, face or PIN (or a security key) signs in on its own. */
export function PasskeysPanel({ passkeys }: { passkeys: PasskeyRow[] }) {
  const [pending, startTransition] = useTransition();
  const [nameError, setNameError] = useState('');

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('passkeyName') ?? '').trim();
    if (!name) return setNameError('Please name the passkey, e.g. “Work laptop”.');
    setNameError('');
    startTransition(async () => {
      // Step-up first, before the browser's own passkey prompt (adding a way in needs a recent sign-in).
      const options = await withStepUp(() => passkeyRegistrationOptionsAction());
      if (!options.ok) return toast(options);
      let response;
      try {
        response = await startRegistration({ optionsJSON: options.data });
      } catch {
        return showToast({
          title: 'Passkey Not Added',
          description: 'The passkey prompt was closed or refused.',
          variant: 'error',
        });
      }
      const result = await withStepUp(() => addPasskeyAction({ name, response }));
      toast(result);
      if (result.ok) form.reset();
    });
  };

  const remove = (passkey: PasskeyRow) => {
    if (!window.confirm(`Remove the passkey “${passkey.name}”? It will no longer sign you in.`)) return;
    startTransition(async () => toast(await withStepUp(() => removePasskeyAction({ id: passkey.id }))));
  };

  return (
    <div className="space-y-4">
      <h3 className="text-brand-900 text-lg font-semibold">Passkeys</h3>
      {passkeys.length === 0 ? (
        <p className="text-slate-700">
          No passkeys yet. A passkey signs you in with this device&apos;s fingerprint, face or PIN.
        </p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span>
                <strong>{p.name}</strong>{' '}
                <span className="text-sm text-slate-600">
                  added {day(p.createdAt)}
                  {p.lastUsedAt ? `, last used ${day(p.lastUsedAt)}` : ''}
                </span>
              </span>
              <button
                type="button"
                onClick={() => remove(p)}
                disabled={pending}
                className={button}
                aria-label={`Remove passkey ${p.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} noValidate className="flex max-w-md flex-wrap items-end gap-3">
        <div className="grow">
          <label htmlFor="passkeyName" className="block text-sm font-medium text-slate-800">
            Passkey name
          </label>
          <input
            id="passkeyName"
            name="passkeyName"
            maxLength={100}
            placeholder="e.g. Work laptop"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'passkeyName-error' : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 aria-invalid:border-red-700"
          />
        </div>
        <button type="submit" disabled={pending} className={button}>
          Add a passkey
        </button>
        {nameError && (
          <p id="passkeyName-error" className="w-full text-sm text-red-800">
            {nameError}
          </p>
        )}
      </form>
    </div>
  );
}

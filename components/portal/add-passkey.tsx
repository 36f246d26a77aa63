'use client';

import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { PASSKEY_ADD_WINDOW_MINUTES, PASSKEY_NAME_MAX, PORTAL_PASSKEY_PATHS } from '@/lib/loan-files/portal-passkeys';
import { failureText, postJson, usePasskeySupport } from './passkey-client';

type Shown = { tone: 'ok' | 'error'; text: string };

/** Why the form is not offered, in words, when it is not. */
function unavailable(support: string, canAdd: 'yes' | 'stale' | 'limit'): string | null {
  if (support === 'no-script') return 'Adding a passkey needs JavaScript turned on in this browser.';
  if (support === 'unsupported') return 'This browser cannot make passkeys. Your e-mailed sign-in links keep working.';
  if (canAdd === 'stale')
    return `For your security, a passkey can be added only within ${PASSKEY_ADD_WINDOW_MINUTES} minutes of signing in. Sign out, sign in again with a new link, then add it.`;
  if (canAdd === 'limit') return 'Your loan file has as many passkeys as it may. Remove one you no longer use to add another.';
  return null;
}

/**
 * Adds a passkey: a name (optional), then the browser's own prompt. The status line also carries
 * what the page came back with after a plain-form removal (`notice`).
 */
export function AddPasskey({ canAdd, notice }: { canAdd: 'yes' | 'stale' | 'limit'; notice: string | null }) {
  const id = useId();
  const router = useRouter();
  const support = usePasskeySupport();
  const [pending, setPending] = useState(false);
  const [shown, setShown] = useState<Shown | null>(notice ? { tone: 'ok', text: notice } : null);
  const reason = unavailable(support, canAdd);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    setPending(true);
    setShown({ tone: 'ok', text: 'Follow your browser’s prompt to make the passkey…' });
    try {
      const optionsJSON = await postJson<PublicKeyCredentialCreationOptionsJSON>(PORTAL_PASSKEY_PATHS.registerOptions);
      const response = await startRegistration({ optionsJSON });
      await postJson(PORTAL_PASSKEY_PATHS.register, { name, response });
      form.reset();
      setShown({ tone: 'ok', text: 'Passkey added. Next time, choose “Sign in with a passkey” on the sign-in page.' });
      router.refresh();
    } catch (error) {
      const exists = error instanceof Error && error.name === 'InvalidStateError';
      const text = exists
        ? 'This device already has a passkey for your loan file.'
        : failureText(error, { cancelled: 'No passkey was added.', failed: 'The passkey could not be added. Please try again.' });
      setShown({ tone: 'error', text });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-4">
      {reason ? (
        <p className="text-slate-700">{reason}</p>
      ) : (
        <form onSubmit={add} className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 grow">
            <label htmlFor={`${id}-name`} className="block text-sm font-medium text-slate-900">
              Name this passkey (optional)
            </label>
            <input
              id={`${id}-name`}
              name="name"
              maxLength={PASSKEY_NAME_MAX}
              placeholder="e.g. My phone"
              autoComplete="off"
              className="focus-visible:ring-brand-700 mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base focus-visible:ring-2 focus-visible:outline-none"
            />
          </div>
          <button
            type="submit"
            disabled={pending}
            className="bg-brand-700 hover:bg-brand-800 focus-visible:ring-brand-700 rounded-md px-4 py-2 font-semibold text-white focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70"
          >
            Add a passkey
          </button>
        </form>
      )}
      <p
        role="status"
        className={`mt-2 min-h-5 text-sm font-medium ${shown?.tone === 'error' ? 'text-red-800' : 'text-green-800'}`}
      >
        {shown?.text ?? ''}
      </p>
    </div>
  );
}

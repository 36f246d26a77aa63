'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { showToast } from '@/components/ui/toast-store';

/** 'Sign in with a passkey': a discoverable passkey with the device's PIN or biometric, both factors at once. */
export function PasskeySignIn() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');

  async function signIn() {
    setPending(true);
    setMessage('');
    try {
      const options = await fetch('/api/auth/passkey/options', { method: 'POST', headers: { Accept: 'application/json' } });
      if (!options.ok) throw new Error('The server could not start a passkey sign-in.');
      const answer = await startAuthentication({ optionsJSON: await options.json() });
      const response = await fetch('/api/auth/passkey/verify', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(answer),
      });
      const body = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string };
      if (!response.ok || !body.ok) throw new Error(body.error ?? 'That passkey could not be verified. Please try again.');
      showToast({ title: '✅ Login Successful!', description: 'Redirecting you to the admin dashboard', variant: 'success' });
      router.replace('/admin');
    } catch (error) {
      // The person closing the browser's passkey prompt is not an error worth a toast.
      const text = error instanceof Error && error.name !== 'NotAllowedError' ? error.message : 'Passkey sign-in was cancelled.';
      setMessage(text);
      setPending(false);
    }
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      <button
        type="button"
        onClick={signIn}
        disabled={pending}
        className="w-full rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-70"
      >
        Sign in with a passkey
      </button>
      <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-700">
        {message}
      </p>
    </div>
  );
}

'use client';

import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useState } from 'react';
import { PORTAL_PASSKEY_PATHS } from '@/lib/loan-files/portal-passkeys';
import { PORTAL_PATH } from '@/lib/loan-files/portal-paths';
import { failureText, postJson, usePasskeySupport } from './passkey-client';

type Shown = { tone: 'ok' | 'error'; text: string };

/**
 * "Sign in with a passkey" beside the e-mail form on /portal: any passkey the borrower added to
 * their loan file, with the device's PIN or biometric, and no address typed. Shown only where it
 * can work (JavaScript and WebAuthn); elsewhere the e-mail form is the way in. Its status line
 * appears with the first press, so the page keeps one status until then.
 */
export function PasskeySignIn() {
  const support = usePasskeySupport();
  const [pending, setPending] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  if (support !== 'supported') return null;

  async function signIn() {
    setPending(true);
    setShown({ tone: 'ok', text: 'Waiting for your passkey…' });
    try {
      const optionsJSON = await postJson<PublicKeyCredentialRequestOptionsJSON>(PORTAL_PASSKEY_PATHS.signInOptions);
      const answer = await startAuthentication({ optionsJSON });
      await postJson(PORTAL_PASSKEY_PATHS.signIn, answer);
      setShown({ tone: 'ok', text: 'Signed in. Opening your loan file…' });
      // A whole new page: the portal renders the file for the new cookie.
      window.location.assign(PORTAL_PATH);
    } catch (error) {
      const text = failureText(error, {
        cancelled: 'Passkey sign-in was cancelled. You can try again, or ask for a sign-in link above.',
        failed: 'This passkey could not be used. Please try again, or ask for a sign-in link above.',
      });
      setShown({ tone: 'error', text });
      setPending(false);
    }
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      <p className="text-slate-700">Added a passkey to your loan file before? Use it instead of a link.</p>
      <button
        type="button"
        onClick={signIn}
        disabled={pending}
        className="focus-visible:ring-brand-700 mt-3 w-full rounded-md border border-slate-400 bg-white px-4 py-3 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70 sm:w-auto"
      >
        Sign in with a passkey
      </button>
      {shown && (
        <p role="status" className={`mt-2 text-sm font-medium ${shown.tone === 'ok' ? 'text-slate-800' : 'text-red-800'}`}>
          {shown.text}
        </p>
      )}
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useState } from 'react';
import { ConfirmIdentityForm, type ConfirmMethods } from './confirm-identity-form';
import { confirmHint } from './step-up-dialog';

/**
 * The /admin/confirm page's body. Confirmed, the browser loads `next` in full: a download (the
 * CSV export) starts and leaves this page in place, so it then offers the way back.
 */
export function ConfirmPage({ next, methods }: { next: string; methods: ConfirmMethods }) {
  const [done, setDone] = useState(false);
  const download = next.startsWith('/api/');

  function continueOn() {
    setDone(true);
    window.location.assign(next);
  }

  return (
    <>
      <h1 className="text-brand-900 text-2xl font-bold">Confirm it&apos;s you</h1>
      <p className="mt-2 mb-6 text-slate-700">{confirmHint(methods)}</p>
      {done ? (
        <p role="status" className="text-slate-800">
          Confirmed. {download ? 'Your download is starting.' : 'Continuing…'}{' '}
          <Link href="/admin" className="text-brand-700 underline underline-offset-2">
            Back to the dashboard
          </Link>
        </p>
      ) : (
        <ConfirmIdentityForm methods={methods} onConfirmed={continueOn} />
      )}
    </>
  );
}

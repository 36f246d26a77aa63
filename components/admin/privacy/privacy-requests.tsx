'use client';

import { useState, useTransition } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { showToast } from '@/components/ui/toast-store';
import type { ActionResult } from '@/lib/admin/result';
import { deletePersonDataAction, exportPersonDataAction, previewPersonDeletionAction } from '@/lib/privacy/actions/requests';
import type { PersonCounts } from '@/lib/privacy/counts';
import { inputClass, labelClass } from '../image-field';
import { ConfirmDeletion } from './confirm-deletion';

/** Saves a file the server built, without a second request that would carry the address in a URL. */
function saveFile(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Security › 'Privacy requests' (CCPA): a person asks what is stored about them, or asks for it
 * to be deleted. Both act on every lead, notification and payment with the e-mail address.
 */
export function PrivacyRequests() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState<{ email: string; counts: PersonCounts } | null>(null);

  /** Shows a result (toast and status line); true when it succeeded. */
  function report<T>(result: ActionResult<T>): result is Extract<ActionResult<T>, { ok: true }> {
    setError(result.ok ? '' : (result.fieldErrors?.email ?? ''));
    setStatus(result.ok ? [result.title, result.message].filter(Boolean).join(': ') : `${result.title}: ${result.error}`);
    showToast(
      result.ok
        ? { title: result.title, description: result.message, variant: 'success' }
        : { title: result.title, description: result.error, variant: 'error' },
    );
    return result.ok;
  }

  const exportData = () =>
    startTransition(async () => {
      const result = await withStepUp(() => exportPersonDataAction({ email }));
      if (report(result)) saveFile(result.data.fileName, result.data.json);
    });

  const askToDelete = () =>
    startTransition(async () => {
      const result = await previewPersonDeletionAction({ email });
      if (!result.ok) return void report(result);
      setError('');
      if (result.data.total === 0) return setStatus('No record holds this e-mail address: there is nothing to delete.');
      setStatus('');
      setConfirming({ email: result.data.email, counts: result.data.counts });
    });

  const deleteData = (target: string) =>
    startTransition(async () => {
      const result = await withStepUp(() => deletePersonDataAction({ email: target }));
      setConfirming(null);
      if (report(result)) setEmail('');
    });

  return (
    <section aria-labelledby="privacy-title" className="max-w-2xl space-y-4">
      <h2 id="privacy-title" className="text-brand-900 text-xl font-semibold">
        Privacy requests
      </h2>
      <p className="text-slate-700">
        When a person asks to know what is stored about them, or asks for it to be deleted (CCPA), enter their e-mail address.
        Both act on every lead, notification (with its delivery attempts) and payment holding that address, in any case.
      </p>
      <form onSubmit={(e) => e.preventDefault()} noValidate className="space-y-3">
        <div>
          <label htmlFor="privacy-email" className={labelClass}>
            E-mail address
          </label>
          <input
            id="privacy-email"
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'privacy-email-error' : undefined}
            className={inputClass}
          />
          {error && (
            <p id="privacy-email-error" className="mt-1 text-sm text-red-800">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={exportData}
            disabled={pending}
            className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
          >
            Export this person&apos;s data
          </button>
          <button
            type="button"
            onClick={askToDelete}
            disabled={pending}
            className="rounded-md border border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70"
          >
            Delete this person&apos;s data
          </button>
        </div>
      </form>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {status}
      </p>
      <ConfirmDeletion request={confirming} pending={pending} onCancel={() => setConfirming(null)} onConfirm={deleteData} />
    </section>
  );
}

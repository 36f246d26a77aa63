'use client';

import { useState, useTransition } from 'react';
import { withStepUp } from '@/components/admin/step-up/with-step-up';
import { showToast } from '@/components/ui/toast-store';
import { saveRetentionSettingsAction } from '@/lib/retention/actions/settings';
import { MAX_LEAD_MONTHS, MIN_LEAD_MONTHS, SPAM_DAYS } from '@/lib/retention/policy';
import { inputClass, labelClass } from '../image-field';

export function RetentionForm({ leadMonths }: { leadMonths: number }) {
  const [value, setValue] = useState(String(leadMonths));
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [pending, startTransition] = useTransition();

  const save = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await withStepUp(() => saveRetentionSettingsAction({ leadMonths: value }));
      setError(result.ok ? '' : (result.fieldErrors?.leadMonths ?? ''));
      setStatus(result.ok ? (result.message ?? result.title) : result.error);
      showToast(
        result.ok
          ? { title: result.title, description: result.message, variant: 'success' }
          : { title: result.title, description: result.error, variant: 'error' },
      );
    });
  };

  return (
    <section aria-labelledby="retention-title" className="max-w-2xl space-y-4">
      <h2 id="retention-title" className="text-brand-900 text-xl font-semibold">
        Data retention
      </h2>
      <p className="text-slate-700">
        A daily job deletes each lead, with its notification and delivery attempts, once it has had no activity (submitted, or its
        status, notes, assignee or follow-up changed) for this long. Spam is deleted {SPAM_DAYS} days after it arrived, whatever
        this setting.
      </p>
      <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="lead-retention-months" className={labelClass}>
            Keep leads for (months)
          </label>
          <input
            id="lead-retention-months"
            name="leadMonths"
            type="number"
            inputMode="numeric"
            min={MIN_LEAD_MONTHS}
            max={MAX_LEAD_MONTHS}
            step={1}
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'lead-retention-months-error' : 'lead-retention-months-hint'}
            className={`${inputClass} w-32`}
          />
        </div>
        <button
          type="submit"
          disabled={pending}
          className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          {pending ? 'Saving...' : 'Save retention'}
        </button>
      </form>
      {error ? (
        <p id="lead-retention-months-error" className="text-sm text-red-800">
          {error}
        </p>
      ) : (
        <p id="lead-retention-months-hint" className="text-sm text-slate-600">
          From {MIN_LEAD_MONTHS} to {MAX_LEAD_MONTHS} months after a lead&apos;s last activity; 24 is the default.
        </p>
      )}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {status}
      </p>
    </section>
  );
}

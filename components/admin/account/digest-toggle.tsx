'use client';

import { useState, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { setDigestAction } from '@/lib/leads/actions/digest';

/** The digest's on/off switch: a checkbox saved as soon as it changes. */
export function DigestToggle({ wantsDigest }: { wantsDigest: boolean }) {
  const [checked, setChecked] = useState(wantsDigest);
  const [status, setStatus] = useState('');
  const [pending, startTransition] = useTransition();
  const change = (next: boolean) => {
    // Shown at once; put back if the server refuses.
    setChecked(next);
    startTransition(async () => {
      const result = await setDigestAction({ wantsDigest: next });
      setChecked(result.ok ? result.data.wantsDigest : !next);
      setStatus(result.ok ? (result.message ?? result.title) : result.error);
      showToast(
        result.ok
          ? { title: result.title, description: result.message, variant: 'success' }
          : { title: result.title, description: result.error, variant: 'error' },
      );
    });
  };
  return (
    <div className="space-y-1">
      <label className="inline-flex items-center gap-2 font-medium text-slate-900">
        <input
          type="checkbox"
          className="size-5"
          checked={checked}
          disabled={pending}
          onChange={(e) => change(e.target.checked)}
        />
        E-mail me my overdue follow-ups each day
      </label>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {status}
      </p>
    </div>
  );
}

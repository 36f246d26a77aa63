'use client';

import { useTransition } from 'react';
import { toastResult } from '@/components/admin/team/toast-result';
import { removeOfficerProfileAction } from '@/lib/officers/actions/profiles';

/** The owner's 'Remove profile': off the site at once, confirmed first. */
export function RemoveProfileButton({ accountId, name }: { accountId: string; name: string }) {
  const [pending, startTransition] = useTransition();
  const remove = () => {
    if (!window.confirm(`Remove ${name}’s profile? It leaves the site, and routing no longer gives ${name} leads by state.`))
      return;
    startTransition(async () => void toastResult(await removeOfficerProfileAction({ accountId })));
  };
  return (
    <button
      type="button"
      disabled={pending}
      onClick={remove}
      aria-label={`Remove ${name}’s profile`}
      className="rounded-md border border-red-700 bg-white px-3 py-1.5 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
    >
      Remove profile
    </button>
  );
}

'use client';

import { useTransition } from 'react';
import { toastResult } from '@/components/admin/team/toast-result';
import { removeLicenseAction } from '@/lib/licenses/actions/licenses';
import type { License } from '@/lib/licenses/types';
import { stateName } from '@/lib/licenses/us-states';
import { LicenseForm } from './license-form';

/** One license: what the public table shows of it, its form behind 'Edit', and 'Remove'. */
export function LicenseCard({ license }: { license: License }) {
  const [pending, startTransition] = useTransition();
  const name = `${stateName(license.state)} ${license.type} ${license.number}`;
  const titleId = `license-${license.id}-title`;

  const remove = () => {
    if (!window.confirm(`Remove ${name}? It leaves the licenses page; the activity log keeps a record of it.`)) return;
    startTransition(async () => void toastResult(await removeLicenseAction({ id: license.id })));
  };

  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-slate-300 p-4" data-testid="license">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-brand-900 text-lg font-semibold break-words">
            {stateName(license.state)}: {license.type}
          </h3>
          <p className="text-sm break-words text-slate-800">
            No. {license.number} · {license.regulatorName}
            {license.notice ? ' · with its notice' : ''}
          </p>
        </div>
        <button
          type="button"
          disabled={pending}
          onClick={remove}
          aria-label={`Remove ${name}`}
          className="rounded-md border border-red-700 bg-white px-3 py-1.5 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          Remove
        </button>
      </div>
      <details>
        <summary className="text-brand-700 cursor-pointer font-medium underline">Edit {name}</summary>
        {/* Keyed by the last change, so a saved edit shows the stored values, not the typed ones. */}
        <div className="mt-3">
          <LicenseForm key={license.updatedAt} license={license} />
        </div>
      </details>
    </article>
  );
}

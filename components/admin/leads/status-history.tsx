'use client';

import type { StatusChange } from '@/lib/leads/pipeline/types';
import { statusLabel } from '@/lib/leads/statuses';
import { formatTime } from './format';

/**
 * The lead dialog's status history: every change, oldest first, with its time, who made it and a
 * lost lead's reason. The section is not labelled by its heading: a region named 'Status history'
 * would answer to the 'Status' field's label too.
 */
export function StatusHistory({ history }: { history: StatusChange[] }) {
  return (
    <section>
      <h3 className="text-brand-900 text-lg font-semibold">Status history</h3>
      {history.length === 0 ? (
        <p className="text-slate-800">No changes yet.</p>
      ) : (
        <ol className="mt-2 space-y-1 text-slate-800" data-testid="status-history">
          {history.map((change, i) => (
            <li key={i}>
              {formatTime(change.at)}: {statusLabel(change.from)} → {statusLabel(change.to)} by {change.actor}
              {change.reason ? ` (reason: ${change.reason})` : ''}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

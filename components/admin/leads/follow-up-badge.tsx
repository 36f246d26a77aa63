'use client';

import { OPEN_STATUSES } from '@/lib/leads/pipeline/board';

/**
 * A lead's next follow-up in the list: due today or overdue (UTC days, today as the server's
 * page saw it, so both renders agree) stand out; a closed lead's date no longer matters.
 */
export function FollowUpBadge({ on, status, today }: { on: string | null; status: string; today: string }) {
  if (!on || !(OPEN_STATUSES as readonly string[]).includes(status)) return null;
  const [label, style] =
    on < today
      ? [`Overdue: ${on}`, 'bg-red-100 text-red-950']
      : on === today
        ? ['Follow up today', 'bg-amber-100 text-amber-950']
        : [`Follow up ${on}`, 'bg-slate-100 text-slate-900'];
  return <span className={`rounded-full px-2 py-0.5 font-medium ${style}`}>{label}</span>;
}

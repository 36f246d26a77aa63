import type { ItemState } from '@/lib/loan-files/types';

const STATES: Record<ItemState, { label: string; className: string }> = {
  requested: { label: 'Needed', className: 'border-amber-300 bg-amber-50 text-amber-900' },
  uploaded: { label: 'Received: in review', className: 'border-sky-300 bg-sky-50 text-sky-900' },
  accepted: { label: 'Accepted', className: 'border-green-300 bg-green-50 text-green-900' },
  rejected: { label: 'Please send again', className: 'border-red-300 bg-red-50 text-red-900' },
};

/** Where an item stands, in words (never by colour alone). */
export function ItemStateBadge({ state }: { state: ItemState }) {
  const shown = STATES[state];
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-medium ${shown.className}`} data-state={state}>
      {shown.label}
    </span>
  );
}

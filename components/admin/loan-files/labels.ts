import type { ItemState, LoanFileSummary, OwedBy } from '@/lib/loan-files/types';

/** How the admin's loan file pages name an item's state and who owes it (plain data, server and client alike). */

export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  requested: 'Requested',
  uploaded: 'To review',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** Dark text on a light tint: each pair passes WCAG AA contrast. */
export const ITEM_STATE_CLASS: Record<ItemState, string> = {
  requested: 'bg-slate-200 text-slate-900',
  uploaded: 'bg-amber-100 text-amber-950',
  accepted: 'bg-emerald-100 text-emerald-950',
  rejected: 'bg-red-100 text-red-950',
};

export const OWED_BY_LABELS: Record<OwedBy, string> = { borrower: 'Borrower', builder: 'Builder' };

/** A document's uploader: the portal names the borrower or the builder; anything else is shown as stored. */
export const uploaderLabel = (uploadedBy: string) =>
  uploadedBy === 'borrower' || uploadedBy === 'builder' ? OWED_BY_LABELS[uploadedBy] : uploadedBy;

export const totalItems = (counts: LoanFileSummary['counts']) =>
  counts.requested + counts.uploaded + counts.accepted + counts.rejected;

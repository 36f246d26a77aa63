'use client';

import { AlertDialog } from 'radix-ui';
import { describeDeletion, type PersonCounts } from '@/lib/privacy/counts';

const button = 'rounded-md px-4 py-2 font-semibold disabled:opacity-70';

/** The last word before a privacy deletion: what goes, by count, and that it cannot be undone. */
export function ConfirmDeletion({
  request,
  pending,
  onCancel,
  onConfirm,
}: {
  request: { email: string; counts: PersonCounts } | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (email: string) => void;
}) {
  return (
    <AlertDialog.Root open={request !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <AlertDialog.Content className="fixed inset-x-4 top-1/4 z-50 mx-auto max-w-lg space-y-4 rounded-xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="text-brand-900 text-xl font-bold">Delete this person&apos;s data?</AlertDialog.Title>
          {request && (
            <AlertDialog.Description className="break-words text-slate-800">
              {describeDeletion(request.email, request.counts)}
            </AlertDialog.Description>
          )}
          <div className="flex justify-end gap-3">
            <AlertDialog.Cancel className={`${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-100`}>
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={pending}
              onClick={() => request && onConfirm(request.email)}
              className={`${button} bg-red-800 text-white hover:bg-red-900`}
            >
              {pending ? 'Deleting...' : 'Delete for good'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

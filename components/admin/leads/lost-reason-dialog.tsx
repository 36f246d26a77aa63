'use client';

import { Dialog } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { inputClass, labelClass } from '../image-field';

const button = 'rounded-md px-4 py-2 font-semibold disabled:opacity-70';

/** Asked when a card is moved to 'Closed lost' on the board: a lost lead needs its reason. */
export function LostReasonDialog({
  name,
  onCancel,
  onConfirm,
}: {
  /** The lead being closed as lost; null: closed. */
  name: string | null;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError('Say why the lead was lost.');
    onConfirm(reason.trim());
    setReason('');
    setError('');
  };
  return (
    <Dialog.Root open={name !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-4 top-1/4 z-50 mx-auto max-w-lg rounded-xl bg-white p-6 shadow-2xl"
        >
          <Dialog.Title className="text-brand-900 text-xl font-bold break-words">Close {name} as lost</Dialog.Title>
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <div>
              <label htmlFor="board-lost-reason" className={labelClass}>
                Why was it lost?
              </label>
              <textarea
                id="board-lost-reason"
                rows={3}
                maxLength={500}
                required
                className={inputClass}
                value={reason}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'board-lost-reason-error' : undefined}
                onChange={(e) => setReason(e.target.value)}
              />
              {error && (
                <p id="board-lost-reason-error" className="mt-1 text-sm text-red-800">
                  {error}
                </p>
              )}
            </div>
            <div className="flex justify-end gap-3">
              <Dialog.Close className={`${button} border border-slate-400 bg-white text-slate-900 hover:bg-slate-100`}>
                Cancel
              </Dialog.Close>
              <button type="submit" className={`${button} bg-brand-700 hover:bg-brand-800 text-white`}>
                Close as lost
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

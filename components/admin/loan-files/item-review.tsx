'use client';

import { useId } from 'react';
import { acceptItemAction, rejectItemAction } from '@/lib/loan-files/actions/files';
import type { LoanFileItem } from '@/lib/loan-files/types';
import { inputClass, labelClass } from '../image-field';
import { FieldError } from './field-error';
import { useFormResult } from './use-form-result';

const acceptClass = 'rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white hover:bg-emerald-900 disabled:opacity-70';
const rejectClass =
  'rounded-md border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60';

/**
 * Accept or reject an uploaded item. Accepting an insurance certificate needs its expiry date
 * (the one the uploader gave is filled in); a rejection needs a reason, which is e-mailed to
 * whoever owes the item.
 */
export function ItemReview({ item }: { item: Pick<LoanFileItem, 'id' | 'state' | 'asksExpiry' | 'expiresOn'> }) {
  const id = useId();
  const accept = useFormResult(acceptItemAction);
  const reject = useFormResult(rejectItemAction, { reset: true });
  // Mounted whatever the state, rendering nothing unless there is something to review: the
  // refreshed page that takes the forms away arrives with the result, whose toast must still show.
  if (item.state !== 'uploaded') return null;
  const itemId = item.id;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <form onSubmit={accept.onSubmit} noValidate className="space-y-2">
        <input type="hidden" name="itemId" value={itemId} />
        {item.asksExpiry && (
          <div>
            <label htmlFor={`${id}-expires`} className={labelClass}>
              Expiry date
            </label>
            <input
              id={`${id}-expires`}
              name="expiresOn"
              type="date"
              required
              defaultValue={item.expiresOn ?? ''}
              className={inputClass}
              aria-invalid={accept.fieldErrors.expiresOn ? true : undefined}
              aria-describedby={accept.fieldErrors.expiresOn ? `${id}-expires-error` : undefined}
            />
            <FieldError id={`${id}-expires-error`} error={accept.fieldErrors.expiresOn} />
          </div>
        )}
        <button type="submit" disabled={accept.pending} className={acceptClass}>
          {accept.pending ? 'Accepting...' : 'Accept'}
        </button>
      </form>
      <form onSubmit={reject.onSubmit} noValidate className="space-y-2">
        <input type="hidden" name="itemId" value={itemId} />
        <div>
          <label htmlFor={`${id}-reason`} className={labelClass}>
            Reason for rejecting
          </label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={2}
            required
            maxLength={500}
            className={inputClass}
            aria-invalid={reject.fieldErrors.reason ? true : undefined}
            aria-describedby={reject.fieldErrors.reason ? `${id}-reason-error` : undefined}
          />
          <FieldError id={`${id}-reason-error`} error={reject.fieldErrors.reason} />
        </div>
        <button type="submit" disabled={reject.pending} className={rejectClass}>
          {reject.pending ? 'Rejecting...' : 'Reject'}
        </button>
      </form>
    </div>
  );
}

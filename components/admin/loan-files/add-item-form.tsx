'use client';

import { addItemAction } from '@/lib/loan-files/actions/files';
import { inputClass, labelClass } from '../image-field';
import { FieldError } from './field-error';
import { OWED_BY_LABELS } from './labels';
import { useFormResult } from './use-form-result';

const submitClass = 'bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70';

/** A document the templates do not ask for, added to the end of the needs list by hand. */
export function AddItemForm({ fileId }: { fileId: string }) {
  const { onSubmit, pending, fieldErrors } = useFormResult(addItemAction, { reset: true });
  const described = (name: string) => (fieldErrors[name] ? `add-item-${name}-error` : undefined);
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-3" data-testid="add-item-form">
      <input type="hidden" name="fileId" value={fileId} />
      <div>
        <label htmlFor="add-item-label" className={labelClass}>
          Document name
        </label>
        <input
          id="add-item-label"
          name="label"
          required
          maxLength={200}
          className={inputClass}
          aria-invalid={fieldErrors.label ? true : undefined}
          aria-describedby={described('label')}
        />
        <FieldError id="add-item-label-error" error={fieldErrors.label} />
      </div>
      <div>
        <label htmlFor="add-item-note" className={labelClass}>
          Note for whoever provides it (optional)
        </label>
        <textarea
          id="add-item-note"
          name="note"
          rows={2}
          maxLength={1000}
          className={inputClass}
          aria-invalid={fieldErrors.note ? true : undefined}
          aria-describedby={described('note')}
        />
        <FieldError id="add-item-note-error" error={fieldErrors.note} />
      </div>
      <div>
        <label htmlFor="add-item-owed-by" className={labelClass}>
          Provided by
        </label>
        <select
          id="add-item-owed-by"
          name="owedBy"
          defaultValue="borrower"
          className={inputClass}
          aria-invalid={fieldErrors.owedBy ? true : undefined}
          aria-describedby={described('owedBy')}
        >
          {Object.entries(OWED_BY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <FieldError id="add-item-owedBy-error" error={fieldErrors.owedBy} />
      </div>
      <button type="submit" disabled={pending} className={submitClass}>
        {pending ? 'Adding...' : 'Add item'}
      </button>
    </form>
  );
}

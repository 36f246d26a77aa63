'use client';

import { saveReminderSettingsAction } from '@/lib/loan-files/actions/reminders';
import { MAX_REMINDER_DAYS } from '@/lib/loan-files/reminder-settings';
import { inputClass, labelClass } from '../image-field';
import { FieldError } from './field-error';
import { useFormResult } from './use-form-result';

/** The owner's reminder interval for every file's outstanding documents (0 turns reminders off). */
export function ReminderSettingsForm({ reminderDays }: { reminderDays: number }) {
  const { onSubmit, pending, fieldErrors } = useFormResult(saveReminderSettingsAction);
  const error = fieldErrors.reminderDays;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3" data-testid="reminder-settings">
      <div>
        <label htmlFor="reminder-days" className={labelClass}>
          Remind outstanding documents every (days)
        </label>
        <input
          id="reminder-days"
          name="reminderDays"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_REMINDER_DAYS}
          step={1}
          required
          defaultValue={reminderDays}
          className={`${inputClass} w-32`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reminder-days-error' : 'reminder-days-hint'}
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
      >
        {pending ? 'Saving...' : 'Save reminders'}
      </button>
      <div className="basis-full">
        {error ? (
          <FieldError id="reminder-days-error" error={error} />
        ) : (
          <p id="reminder-days-hint" className="text-sm text-slate-600">
            0 turns reminders off. At most one e-mail a day to each person, between 9:00 and 20:00 where the house is built,
            listing every document they still owe; none once a document arrives.
          </p>
        )}
      </div>
    </form>
  );
}

'use client';

import { setMilestoneAction } from '@/lib/loan-files/actions/files';
import { inputClass, labelClass } from '../image-field';
import { useFormResult } from './use-form-result';

const submitClass = 'bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70';

/** The file's milestone, and whether the borrower hears of the change by e-mail. */
export function MilestoneForm({
  fileId,
  current,
  options,
}: {
  fileId: string;
  current: string;
  /** The milestones in order, with as many draws as the file may reach next. */
  options: { value: string; label: string }[];
}) {
  const { onSubmit, pending, fieldErrors } = useFormResult(setMilestoneAction);
  return (
    <form onSubmit={onSubmit} className="max-w-md space-y-3" data-testid="milestone-form">
      <input type="hidden" name="fileId" value={fileId} />
      <div>
        <label htmlFor="loan-file-milestone" className={labelClass}>
          Milestone
        </label>
        <select
          id="loan-file-milestone"
          name="milestone"
          defaultValue={current}
          className={inputClass}
          aria-invalid={fieldErrors.milestone ? true : undefined}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2">
        <input id="loan-file-notify" name="notify" type="checkbox" defaultChecked className="accent-brand-700 size-4" />
        <label htmlFor="loan-file-notify" className="text-slate-800">
          Tell the borrower by e-mail
        </label>
      </div>
      <button type="submit" disabled={pending} className={submitClass}>
        {pending ? 'Saving...' : 'Set milestone'}
      </button>
    </form>
  );
}

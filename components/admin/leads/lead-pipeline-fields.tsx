'use client';

import type { LeadUpdate } from '@/lib/leads/admin/filter';
import type { LeadPipeline } from '@/lib/leads/pipeline/types';
import { inputClass, labelClass } from '../image-field';

/** The dialog's draft of a lead's pipeline, from what the server read. */
export const pipelineDraft = (pipeline: LeadPipeline) => ({
  assigneeId: pipeline.assigneeId ?? '',
  followUpOn: pipeline.followUpOn ?? '',
  lostReason: pipeline.lostReason ?? '',
});

/**
 * The lead dialog's pipeline fields, saved with its status and notes: who works the lead, the
 * next follow-up (a UTC date) and, once it is closed as lost, why.
 */
export function LeadPipelineFields({
  draft,
  onChange,
  pipeline,
  errors,
}: {
  draft: LeadUpdate;
  onChange: (draft: LeadUpdate) => void;
  pipeline: LeadPipeline;
  errors: Record<string, string>;
}) {
  const error = (key: string) =>
    errors[key] ? (
      <p id={`lead-${key}-error`} className="mt-1 text-sm text-red-800">
        {errors[key]}
      </p>
    ) : null;
  const invalid = (key: string) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `lead-${key}-error` } : {};
  // An account removed since the lead was assigned still shows, so saving does not silently unassign it.
  const known = !draft.assigneeId || pipeline.assignees.some((a) => a.id === draft.assigneeId);
  return (
    <>
      {draft.status === 'lost' && (
        <div>
          <label htmlFor="lead-lostReason" className={labelClass}>
            Why was it lost?
          </label>
          <textarea
            id="lead-lostReason"
            rows={2}
            maxLength={500}
            // Checked by the server, which answers with the field's message (the browser's own
            // bubble would stop the save before it and say less).
            aria-required="true"
            className={inputClass}
            value={draft.lostReason ?? ''}
            onChange={(e) => onChange({ ...draft, lostReason: e.target.value })}
            {...invalid('lostReason')}
          />
          {error('lostReason')}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="lead-assigneeId" className={labelClass}>
            Assigned to
          </label>
          <select
            id="lead-assigneeId"
            className={inputClass}
            value={draft.assigneeId ?? ''}
            onChange={(e) => onChange({ ...draft, assigneeId: e.target.value })}
            {...invalid('assigneeId')}
          >
            <option value="">Unassigned</option>
            {pipeline.assignees.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
            {!known && <option value={draft.assigneeId}>A removed account</option>}
          </select>
          {error('assigneeId')}
        </div>
        <div>
          <label htmlFor="lead-followUpOn" className={labelClass}>
            Next follow-up (UTC date)
          </label>
          <input
            id="lead-followUpOn"
            type="date"
            className={inputClass}
            value={draft.followUpOn ?? ''}
            onChange={(e) => onChange({ ...draft, followUpOn: e.target.value })}
            {...invalid('followUpOn')}
          />
          {error('followUpOn')}
        </div>
      </div>
    </>
  );
}

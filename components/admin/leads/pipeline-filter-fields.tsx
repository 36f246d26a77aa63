'use client';

import { labelClass } from '../image-field';

type FieldProps = (key: 'due' | 'assignee') => {
  id: string;
  name: string;
  className: string;
  value: string;
  disabled: boolean;
  onChange: (e: { target: { value: string } }) => void;
};

/** The Leads filter's pipeline selects: follow-ups due (UTC days) and the assignee. */
export function PipelineFilterFields({ field }: { field: FieldProps }) {
  return (
    <>
      <div>
        <label htmlFor="leads-due" className={labelClass}>
          Follow-up
        </label>
        <select {...field('due')}>
          <option value="">Any follow-up date</option>
          <option value="today">Due today</option>
          <option value="overdue">Overdue</option>
        </select>
      </div>
      <div>
        <label htmlFor="leads-assignee" className={labelClass}>
          Assigned to
        </label>
        <select {...field('assignee')}>
          <option value="">Anyone</option>
          <option value="me">Assigned to me</option>
          <option value="none">Unassigned</option>
        </select>
      </div>
    </>
  );
}

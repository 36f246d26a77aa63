import { LEAD_STATUSES } from '@/lib/leads/statuses';

/** The lead statuses as `<option>`s, in workflow order (the filter's select and the lead's own). */
export function LeadStatusOptions() {
  return LEAD_STATUSES.map((s) => (
    <option key={s.value} value={s.value}>
      {s.label}
    </option>
  ));
}

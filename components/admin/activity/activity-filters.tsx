import { ACTIVITY_ACTIONS } from '@/lib/activity/kinds';
import type { ActivityFilter } from '@/lib/activity/filter';
import { ACTIVITY_GROUPS } from '@/lib/activity/groups';
import { buttonClass, fieldClass, labelClass, primaryClass } from './styles';

export const SECTION_HREF = '/admin/security#activity-log';

/**
 * The log's filter as a plain GET form to the Security page: no JavaScript needed, and every
 * filtered view is an address (bookmark it, Back returns to it). Applying a filter starts again
 * at the newest entries, so the page cursor is not sent.
 */
export function ActivityFilters({ filter, actors }: { filter: Partial<ActivityFilter>; actors: string[] }) {
  return (
    <form
      action={SECTION_HREF}
      method="get"
      role="search"
      aria-label="Filter the activity log"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5"
    >
      <div>
        <label htmlFor="activity-action" className={labelClass}>
          Action
        </label>
        <select id="activity-action" name="action" defaultValue={filter.action ?? ''} className={fieldClass}>
          <option value="">Any action</option>
          <optgroup label="Kinds of action">
            {Object.entries(ACTIVITY_GROUPS).map(([value, group]) => (
              <option key={value} value={value}>
                {group.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Single actions">
            {Object.entries(ACTIVITY_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div>
        <label htmlFor="activity-actor" className={labelClass}>
          Who
        </label>
        <input
          id="activity-actor"
          name="actor"
          type="text"
          list="activity-actors"
          maxLength={254}
          autoComplete="off"
          defaultValue={filter.actor ?? ''}
          className={fieldClass}
        />
        <datalist id="activity-actors">
          {actors.map((actor) => (
            <option key={actor} value={actor} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor="activity-from" className={labelClass}>
          From
        </label>
        <input id="activity-from" name="from" type="date" defaultValue={filter.from ?? ''} className={fieldClass} />
      </div>
      <div>
        <label htmlFor="activity-to" className={labelClass}>
          To
        </label>
        <input id="activity-to" name="to" type="date" defaultValue={filter.to ?? ''} className={fieldClass} />
      </div>
      <div>
        <label htmlFor="activity-q" className={labelClass}>
          Target contains
        </label>
        <input id="activity-q" name="q" type="search" maxLength={100} defaultValue={filter.q ?? ''} className={fieldClass} />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-5">
        <button type="submit" className={primaryClass}>
          Apply Filters
        </button>
        <a href={SECTION_HREF} className={buttonClass}>
          Clear
        </a>
      </div>
    </form>
  );
}

/** The activity log's look, matching the Leads page's controls (server components, plain strings). */
export const fieldClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';
export const labelClass = 'block text-sm font-medium text-slate-800';
export const buttonClass =
  'inline-flex items-center gap-2 rounded-md border border-slate-400 bg-white px-3 py-2 font-medium text-slate-900 hover:bg-slate-100';
export const primaryClass = 'bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white';

/** Times in UTC, as everywhere in the admin, to the second: a log is read in order of events. */
const time = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
});

export const formatLogTime = (iso: string) => `${time.format(new Date(iso))} UTC`;

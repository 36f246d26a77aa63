/**
 * Calendar arithmetic in UTC, shared by whatever keeps or filters rows by date: the retention job,
 * the leads filter and the activity log. Stored timestamps are ISO strings in UTC.
 */

const DAY_MS = 86_400_000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * The same moment `months` calendar months earlier (UTC); a day the earlier month lacks becomes
 * its last day (31 March minus one month is 28 or 29 February, not 3 March).
 */
export function monthsBefore(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(now);
  result.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return result;
}

/** The UTC day of a moment, YYYY-MM-DD: the daily job runs once per such day. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The first instant of a UTC day (YYYY-MM-DD), as stored timestamps are compared. */
export function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** The first instant of the next UTC day: a day's end, exclusive. */
export function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

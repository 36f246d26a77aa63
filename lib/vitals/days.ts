/** Field data is kept by UTC day, never by time of day. */

const DAY_MS = 86_400_000;

/** The Site Speed page's window: Google's (CrUX's) 28 days, today included. */
export const WINDOW_DAYS = 28;
/** Rows older than this many days are deleted (lib/vitals/store.server.ts). */
export const RETENTION_DAYS = 90;

/** The UTC day of `date`, YYYY-MM-DD. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The UTC day `days` days before `date`'s. */
export const daysBefore = (date: Date, days: number): string => utcDay(new Date(date.getTime() - days * DAY_MS));

/** The `count` days ending with `date`'s, oldest first. */
export function lastDays(date: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => daysBefore(date, count - 1 - index));
}

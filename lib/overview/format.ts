/** The overview's figures in words, for the cards, the summaries and the tables. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A duration as people say it: "under a minute", "45 minutes", "1 hour 15 minutes", "3 days 2 hours". */
export function formatDuration(ms: number): string {
  if (ms < MINUTE) return 'under a minute';
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), 'minute');
  const [big, unit, small, smallUnit] =
    ms < DAY
      ? [Math.floor(ms / HOUR), 'hour', Math.floor((ms % HOUR) / MINUTE), 'minute']
      : [Math.floor(ms / DAY), 'day', Math.floor((ms % DAY) / HOUR), 'hour'];
  return small ? `${plural(big, unit)} ${plural(small, smallUnit)}` : plural(big, unit);
}

/** A share as a percentage with up to two decimals: 0.02 → "2%", 3/1100 → "0.27%". */
export function formatRate(rate: number | null): string {
  if (rate === null) return 'no views counted';
  return `${Number((rate * 100).toFixed(2))}%`;
}

/** "2026-11-22" → "Nov 22" (UTC), for axes and summaries. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

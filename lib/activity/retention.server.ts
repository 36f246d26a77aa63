import 'server-only';
import type { DB } from '../db/connect.server';
import { monthsBefore } from '../time/calendar';

/**
 * The log's own retention: entries older than `months` (ACTIVITY_LOG_RETENTION_MONTHS, 24 by
 * default) are deleted by the daily retention job. This is the only delete of activity_log in the
 * code, and no route or Server Action reaches it (tests/e2e/admin-activity.spec.ts walks them).
 */

/** The first instant kept: `months` calendar months (UTC) before `now` (31 March - 1 = 28/29 February). */
export function activityCutoff(now: Date, months: number): Date {
  return monthsBefore(now, months);
}

/** Deletes the entries older than the cutoff; returns how many went. */
export async function purgeActivityLog(db: DB, now: Date, months: number): Promise<number> {
  if (!Number.isInteger(months) || months < 1)
    throw new RangeError(`Activity log retention must be 1 month or more, not ${months}.`);
  const result = await db
    .deleteFrom('activity_log')
    .where('at', '<', activityCutoff(now, months).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

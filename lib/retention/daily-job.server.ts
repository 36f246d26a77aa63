import 'server-only';
import { recordActivity, SYSTEM_ACTOR } from '../activity/record.server';
import type { DB } from '../db/connect.server';
import { claimDay, releaseDay } from './daily-claim.server';
import { daysBefore, utcDay } from '../time/calendar';
import { emptyCounts, purgeExpired, totalPurged, type PurgeCounts } from './purge.server';
import { readRetentionSettings } from './settings.server';

/**
 * One run of the daily retention job, at most once per UTC day across every instance: claims the
 * day, deletes what has expired under the owner's settings and logs one 'retention_purged' entry
 * (counts only) when anything went. A run that fails or is stopped gives the day back, so the next
 * check finishes it.
 */

export type DailyRun = { ran: false } | { ran: true; finished: boolean; counts: PurgeCounts };

export async function runDailyRetention(
  db: DB,
  options: { now: Date; activityLogMonths: number; stopped?: () => boolean },
): Promise<DailyRun> {
  const { now } = options;
  const day = utcDay(now);
  if (!(await claimDay(db, day))) return { ran: false };
  const counts = emptyCounts();
  let finished = false;
  try {
    const { leadMonths } = await readRetentionSettings(db);
    finished = await purgeExpired(db, { ...options, leadMonths }, counts);
  } finally {
    if (!finished) await releaseDay(db, day, utcDay(daysBefore(now, 1)));
    // Logged whenever anything went, even by a run that failed or stopped midway.
    if (totalPurged(counts) > 0)
      await recordActivity(db, { actor: SYSTEM_ACTOR, action: 'retention_purged', detail: { ...counts } }, now);
  }
  return { ran: true, finished, counts };
}

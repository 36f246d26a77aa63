import 'server-only';
import type { DB } from '../db/connect.server';
import { monthsBefore } from '../retention/policy';

/**
 * Deletes activity log entries older than `months` months: the only deletion the log allows (its
 * trigger refuses updates, not deletes). Called by the daily retention job
 * (lib/retention/daily-job.server.ts); returns how many entries went.
 */
export async function purgeActivityLog(db: DB, now: Date, months: number): Promise<number> {
  const result = await db
    .deleteFrom('activity_log')
    .where('at', '<', monthsBefore(now, months).toISOString())
    .executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}

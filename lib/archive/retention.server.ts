import 'server-only';
import type { DB } from '../db/connect.server';
import { monthsBefore } from '../time/calendar';
import { ARCHIVE_MONTHS } from './sources';

/**
 * Deletes the versions no longer needed to rebuild any moment of the last 24 months (12 CFR
 * 1014.5): a version older than the cutoff goes when a later version of its source also went live
 * before the cutoff. The latest version of each source before the cutoff stays, because it was
 * still live during the window, unless it is a removal (a deleted post), which the absence of any
 * version tells as well. Run by the daily retention job; returns how many went.
 */
export async function purgeArchiveVersions(db: DB, now: Date): Promise<number> {
  const cutoff = monthsBefore(now, ARCHIVE_MONTHS).toISOString();
  const result = await db
    .deleteFrom('archive_versions')
    .where('at', '<', cutoff)
    .where(({ or, eb, exists, selectFrom }) =>
      or([
        eb('document', '=', 'null'),
        exists(
          selectFrom('archive_versions as later')
            .select('later.id')
            .whereRef('later.source', '=', 'archive_versions.source')
            .whereRef('later.source_id', '=', 'archive_versions.source_id')
            .whereRef('later.at', '>', 'archive_versions.at')
            .where('later.at', '<=', cutoff),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

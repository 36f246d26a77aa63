import 'server-only';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';

/**
 * The daily job's claim, so that of every instance checking the clock only one runs each day:
 * one statement moves the stored day forward only if it is earlier than `day`. SQLite has one
 * writer; on PostgreSQL a second upsert of the same row waits for the first to commit and then
 * re-checks its condition against the new value, so exactly one of them changes the row. Other
 * daily jobs (the follow-up digest) claim their own day under their own key.
 */
export async function claimDay(db: DB, day: string, key: string = MetaKey.retentionRunDay): Promise<boolean> {
  const result = await db
    .insertInto('app_meta')
    .values({ key, value: day })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: day }).where('app_meta.value', '<', day))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Gives a claimed day back to `previous` (the run failed or was stopped): the next check runs it again. */
export async function releaseDay(db: DB, day: string, previous: string): Promise<void> {
  await db
    .updateTable('app_meta')
    .set({ value: previous })
    .where('key', '=', MetaKey.retentionRunDay)
    .where('value', '=', day)
    .execute();
}

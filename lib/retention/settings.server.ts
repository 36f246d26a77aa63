import 'server-only';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';
import { DEFAULT_LEAD_MONTHS } from './policy';
import { retentionSettingsSchema, type RetentionSettings } from './settings';

/**
 * The owner's retention settings, in app_meta so every instance reads the same. A value that is
 * missing or no longer valid reads as the default: the job never runs on a setting it cannot trust.
 */

export async function readRetentionSettings(db: DB): Promise<RetentionSettings> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.leadRetentionMonths).executeTakeFirst();
  const parsed = retentionSettingsSchema.safeParse({ leadMonths: row?.value });
  return row && parsed.success ? parsed.data : { leadMonths: DEFAULT_LEAD_MONTHS };
}

/** Saves the settings inside the caller's transaction; returns what they were before. */
export async function saveRetentionSettings(trx: DB, settings: RetentionSettings): Promise<RetentionSettings> {
  const before = await readRetentionSettings(trx);
  const value = String(settings.leadMonths);
  await trx
    .insertInto('app_meta')
    .values({ key: MetaKey.leadRetentionMonths, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return before;
}

import 'server-only';
import type { DB } from '../db/connect.server';
import { MetaKey } from '../db/meta-keys';
import { DEFAULT_REMINDER_DAYS, reminderSettingsSchema, type ReminderSettings } from './reminder-settings';

/**
 * The reminders' interval, in app_meta so every instance reads the same. A value missing or no
 * longer valid reads as the default, like the retention settings.
 */

export async function readReminderSettings(db: DB): Promise<ReminderSettings> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', MetaKey.loanFileReminderDays).executeTakeFirst();
  const parsed = reminderSettingsSchema.safeParse({ reminderDays: row?.value });
  return row && parsed.success ? parsed.data : { reminderDays: DEFAULT_REMINDER_DAYS };
}

/** Saves the setting inside the caller's transaction; returns what it was before. */
export async function saveReminderSettings(trx: DB, settings: ReminderSettings): Promise<ReminderSettings> {
  const before = await readReminderSettings(trx);
  const value = String(settings.reminderDays);
  await trx
    .insertInto('app_meta')
    .values({ key: MetaKey.loanFileReminderDays, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return before;
}

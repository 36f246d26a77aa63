import 'server-only';
import { open, seal } from '../auth/secret-box.server';
import type { DB } from '../db/connect.server';
import { isSecretSetting, SETTING_FIELDS, type SettingName } from './fields';

/**
 * The settings saved in the admin (`site_settings`, migration 0030). A plain value is stored as it
 * is; a secret is sealed with SECRET_KEY, bound to its key (a sealed value copied to another key
 * does not open there), and opened only here, for the transports and the test sends: the page
 * learns only that one is saved. An unset setting has no row.
 */

export type SavedSettings = Partial<Record<SettingName, string>>;

/** A secret's associated data: its key, so a sealed value moved to another row does not open. */
export const settingContext = (key: string) => `site_settings:${key}`;

const KEYS = SETTING_FIELDS.map((field) => field.key);
const keysOf = (names: readonly SettingName[]) =>
  SETTING_FIELDS.filter((field) => names.includes(field.name)).map((field) => field.key);

/**
 * The saved settings (all, or those named), secrets opened. A secret that does not open with this
 * SECRET_KEY (sealed under another one) counts as unset: the owner enters it again.
 */
export async function readSavedSettings(db: DB, names?: readonly SettingName[]): Promise<SavedSettings> {
  const keys = names ? keysOf(names) : KEYS;
  if (keys.length === 0) return {};
  const rows = await db.selectFrom('site_settings').select(['key', 'value', 'sealed']).where('key', 'in', keys).execute();
  const saved: SavedSettings = {};
  for (const row of rows) {
    const field = SETTING_FIELDS.find((f) => f.key === row.key)!;
    const value = row.sealed !== null ? open(row.sealed, settingContext(row.key)) : row.value;
    if (value !== null && value !== '') saved[field.name] = value;
  }
  return saved;
}

/** The names of the saved settings, secrets included, without opening any. */
export async function savedSettingNames(db: DB): Promise<Set<SettingName>> {
  const rows = await db.selectFrom('site_settings').select('key').where('key', 'in', KEYS).execute();
  return new Set(rows.map((row) => SETTING_FIELDS.find((f) => f.key === row.key)!.name));
}

/**
 * Writes the changes (a value to store, or null to remove the setting); call it in the
 * transaction that logs them.
 */
export async function writeSettings(
  trx: DB,
  changes: Partial<Record<SettingName, string | null>>,
  by: string | null,
  now: Date,
): Promise<void> {
  for (const [name, value] of Object.entries(changes) as [SettingName, string | null][]) {
    const key = SETTING_FIELDS.find((field) => field.name === name)!.key;
    if (value === null) await trx.deleteFrom('site_settings').where('key', '=', key).execute();
    else if (isSecretSetting(name)) await putRow(trx, key, { value: null, sealed: seal(value, settingContext(key)) }, by, now);
    else await putRow(trx, key, { value, sealed: null }, by, now);
  }
}

/** Inserts or replaces one row (also for what the admin records, e.g. ./test-results.server.ts). */
export async function putRow(
  db: DB,
  key: string,
  stored: { value: string | null; sealed: string | null },
  by: string | null,
  now: Date,
): Promise<void> {
  const row = { ...stored, updated_at: now.toISOString(), updated_by: by };
  await db
    .insertInto('site_settings')
    .values({ key, ...row })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(row))
    .execute();
}

/** One row's plain value, or null. */
export async function plainValue(db: DB, key: string): Promise<string | null> {
  const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

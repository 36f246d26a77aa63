import 'server-only';
import type { DB } from '../db/connect.server';
import type { SettingsSources } from './environment';
import { fieldOf, MAIL_GROUPS, type SettingName } from './fields';
import { groupsChanged, planSettings } from './plan';
import type { SettingsInput } from './schema';
import { readSavedSettings, writeSettings } from './store.server';
import { forgetTestSuccess } from './test-results.server';

export type SaveOutcome =
  { ok: true; set: SettingName[]; removed: SettingName[] } | { ok: false; fieldErrors: Partial<Record<SettingName, string>> };

/**
 * Saves the Settings form (./plan.ts judges it against what is saved and what the environment
 * sets) in the caller's transaction, which also logs it: all of it or, when any field is refused,
 * nothing. A change of the mail or the Twilio settings forgets that channel's last test result.
 */
export async function saveSiteSettings(
  trx: DB,
  input: SettingsInput,
  options: { sources: SettingsSources; by: string | null; now: Date },
): Promise<SaveOutcome> {
  const plan = planSettings(input, await readSavedSettings(trx), options.sources);
  if (Object.keys(plan.fieldErrors).length > 0) return { ok: false, fieldErrors: plan.fieldErrors };
  await writeSettings(trx, plan.changes, options.by, options.now);
  const groups = groupsChanged(plan.changes);
  if (MAIL_GROUPS.some((group) => groups.has(group))) await forgetTestSuccess(trx, 'mail');
  if (groups.has('twilio')) await forgetTestSuccess(trx, 'sms');
  const changed = Object.entries(plan.changes) as [SettingName, string | null][];
  return {
    ok: true,
    set: changed.filter(([, value]) => value !== null).map(([name]) => name),
    removed: changed.filter(([, value]) => value === null).map(([name]) => name),
  };
}

/** The activity log's words for a save: the keys of what was set and removed, never a value (a secret's least of all). */
export function changeDetail({ set, removed }: { set: readonly SettingName[]; removed: readonly SettingName[] }) {
  const keys = (names: readonly SettingName[]) => names.map((name) => fieldOf(name).key).join(' ');
  return { ...(set.length > 0 && { set: keys(set) }), ...(removed.length > 0 && { removed: keys(removed) }) };
}

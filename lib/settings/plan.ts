import { environmentSets, type SettingsSources } from './environment';
import { fieldsOf, isSecretSetting, SETTING_FIELDS, type SettingGroup, type SettingName } from './fields';
import type { SettingsInput } from './schema';

/**
 * What a save of the Settings form changes, or why it changes nothing (issue 33). Pure: the
 * saved settings and the environment are given. A field the environment sets is left as it is
 * (the page shows it read-only); a secret left empty keeps the saved one; clearing the SMTP
 * server clears its port, security, user name and password with it. The result must make sense
 * as a whole: an SMTP server needs a sender and a mailbox, EmailJS and Twilio all their fields.
 */

export type SavedValues = Partial<Record<SettingName, string>>;

export interface SettingsPlan {
  /** The settings to write (a value) or delete (null); empty when nothing changed. */
  changes: Partial<Record<SettingName, string | null>>;
  /** By field name; when any, nothing is saved. */
  fieldErrors: Partial<Record<SettingName, string>>;
}

const REQUIRED_BY_SMTP = 'Required to send mail through the SMTP server.';
const ALL_OR_NONE: Partial<Record<SettingGroup, string>> = {
  emailjs: 'Required with the other EmailJS settings: all four, or none.',
  twilio: 'Required with the other Twilio settings: all four, or none.',
};

export function planSettings(input: SettingsInput, saved: SavedValues, sources: SettingsSources): SettingsPlan {
  const fieldErrors: SettingsPlan['fieldErrors'] = {};
  const editable = (name: SettingName) => !environmentSets(name, sources);
  const next: SavedValues = { ...saved };

  for (const { name } of SETTING_FIELDS) {
    if (!editable(name)) continue;
    const typed = input[name];
    if (!isSecretSetting(name)) next[name] = typed || undefined;
    else if (input.remove.includes(name)) {
      if (typed) fieldErrors[name] = 'Enter a new one or remove the saved one, not both.';
      next[name] = undefined;
    } else if (typed) next[name] = typed;
  }

  if (editable('smtpHost')) {
    if (!next.smtpHost) for (const { name } of fieldsOf('smtp')) next[name as SettingName] = undefined;
    else {
      next.smtpSecurity ??= 'starttls';
      next.smtpPort ??= next.smtpSecurity === 'tls' ? '465' : '587';
    }
  }

  // A field the environment sets is there, whatever is saved.
  const has = (name: SettingName) => !editable(name) || Boolean(next[name]);
  if (editable('smtpHost') && next.smtpHost) {
    for (const name of ['mailFrom', 'mailTo'] as const) if (!has(name)) fieldErrors[name] ??= REQUIRED_BY_SMTP;
    if (next.smtpPassword && !next.smtpUser) fieldErrors.smtpUser ??= 'Enter the user name this password belongs to.';
  }
  for (const group of ['emailjs', 'twilio'] as const) {
    const names = fieldsOf(group).map((field) => field.name as SettingName);
    if (!names.every(editable)) continue;
    const missing = names.filter((name) => !next[name]);
    if (missing.length > 0 && missing.length < names.length)
      for (const name of missing) fieldErrors[name] ??= ALL_OR_NONE[group]!;
  }

  if (Object.keys(fieldErrors).length > 0) return { changes: {}, fieldErrors };
  const changes: SettingsPlan['changes'] = {};
  for (const { name } of SETTING_FIELDS) if (next[name] !== saved[name]) changes[name] = next[name] ?? null;
  return { changes, fieldErrors };
}

/** The groups a plan's changes touch (a test that went through no longer vouches for them). */
export const groupsChanged = (changes: SettingsPlan['changes']): Set<SettingGroup> =>
  new Set(SETTING_FIELDS.filter((field) => field.name in changes).map((field) => field.group));

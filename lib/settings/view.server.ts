import 'server-only';
import type { DB } from '../db/connect.server';
import { environmentSets, environmentValue, smtpUrlParts, type SettingsSources } from './environment';
import { effectiveValues, mailConfigOf, smsConfigOf } from './effective.server';
import { isSecretSetting, SETTING_FIELDS, type SettingName } from './fields';
import { readSavedSettings } from './store.server';
import { mailTestSucceededAt, smsTestSucceededAt } from './test-results.server';
import type { ChannelState, SettingFieldView, SettingsView } from './types';

/** The last digits of a phone number: enough to recognize it, not to copy it off a shared screen. */
export const maskedPhone = (phone: string) => `•••${phone.replace(/\D/g, '').slice(-4)}`;

/** The Settings page's data: each field's value and source, secrets only as "saved", and how mail and texts go now. */
export async function settingsView(db: DB, sources: SettingsSources): Promise<SettingsView> {
  const saved = await readSavedSettings(db);
  const fields = {} as Record<SettingName, SettingFieldView>;
  for (const { name } of SETTING_FIELDS) {
    const fromEnvironment = environmentSets(name, sources);
    const secret = isSecretSetting(name);
    const value = fromEnvironment ? environmentValue(name, sources) : saved[name];
    fields[name] = {
      name,
      source: fromEnvironment ? 'environment' : saved[name] ? 'saved' : 'unset',
      value: secret ? '' : (value ?? ''),
      secretSaved: secret && !fromEnvironment && Boolean(saved[name]),
    };
  }
  const values = effectiveValues(saved, sources);
  const [mailTest, smsTest] = await Promise.all([mailTestSucceededAt(db), smsTestSucceededAt(db)]);
  return {
    fields,
    mail: mailState(values, sources),
    sms: smsState(values, sources),
    mailTestSucceededAt: mailTest,
    smsTestSucceededAt: smsTest,
  };
}

function mailState(values: ReturnType<typeof effectiveValues>, sources: SettingsSources): ChannelState | null {
  const config = mailConfigOf(values, sources);
  if (!config) return null;
  const source = sources.env.SMTP_URL || sources.env.EMAILJS_SERVICE_ID ? 'environment' : 'saved';
  if (config.kind === 'emailjs') return { summary: `EmailJS (service ${config.serviceId})`, source };
  const { smtpHost, smtpPort } = smtpUrlParts(config.url);
  return { summary: `SMTP: ${smtpHost}, port ${smtpPort}`, source };
}

function smsState(values: ReturnType<typeof effectiveValues>, sources: SettingsSources): ChannelState | null {
  const config = smsConfigOf(values);
  if (!config) return null;
  const source = environmentSets('twilioAccountSid', sources) ? 'environment' : 'saved';
  return { summary: `Twilio, to ${maskedPhone(config.to)}`, source };
}

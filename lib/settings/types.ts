import type { SettingName, SettingSource } from './fields';

/**
 * What the Settings page shows of each field: never a secret's value, only whether one is saved.
 * Plain data, made on the server (./view.server.ts) for the form.
 */
export interface SettingFieldView {
  name: SettingName;
  source: SettingSource;
  /** The value in the field: the environment's or the saved one; always '' for a secret. */
  value: string;
  /** A secret is saved in the admin (the form says so and offers to remove it). */
  secretSaved: boolean;
}

/** How a channel goes out now, in words ('SMTP: smtp.example.com, port 587'), and who set it. */
export interface ChannelState {
  summary: string;
  source: 'environment' | 'saved';
}

export interface SettingsView {
  fields: Record<SettingName, SettingFieldView>;
  mail: ChannelState | null;
  sms: ChannelState | null;
  /** When a test e-mail (a test text) last went through since the settings last changed (ISO), or null. */
  mailTestSucceededAt: string | null;
  smsTestSucceededAt: string | null;
}

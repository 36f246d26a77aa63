import 'server-only';
import type { DB } from '../db/connect.server';
import { environmentSets, environmentValue, type SettingsSources } from './environment';
import {
  MAIL_GROUPS,
  SETTING_FIELDS,
  type SettingGroup,
  type SettingName,
  type SettingSource,
  type SmtpSecurity,
} from './fields';
import { readSavedSettings, type SavedSettings } from './store.server';

/**
 * The settings in effect: each field from the environment where it sets it, else as saved in the
 * admin. Read from the database at each use (a send, a lead's alerts, a link), so a change saved
 * on one instance holds on every instance at once, without a restart.
 */

export type EffectiveSettings = Partial<Record<SettingName, string>>;

/** Each field's value in effect (absent when neither the environment nor the admin sets it). */
export function effectiveValues(saved: SavedSettings, sources: SettingsSources): EffectiveSettings {
  const values: EffectiveSettings = {};
  for (const { name } of SETTING_FIELDS) {
    const value = environmentSets(name, sources) ? environmentValue(name, sources) : saved[name];
    if (value !== undefined && value !== '') values[name] = value;
  }
  return values;
}

/** The settings in effect (all, or those named: a send reads only its channel's). */
export async function effectiveSettings(
  db: DB,
  sources: SettingsSources,
  names?: readonly SettingName[],
): Promise<EffectiveSettings> {
  const values = effectiveValues(await readSavedSettings(db, names), sources);
  if (!names) return values;
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.includes(name as SettingName)));
}

const namesOf = (groups: readonly SettingGroup[]) =>
  SETTING_FIELDS.filter((field) => groups.includes(field.group)).map((field) => field.name);
const MAIL_SETTINGS = namesOf(MAIL_GROUPS);
const SMS_SETTINGS = namesOf(['twilio']);

/** How e-mail goes out: an SMTP server (by its URL) or EmailJS, with the sender and the broker's mailbox. */
export type MailConfig =
  | { kind: 'smtp'; url: string; from: string; to: string }
  | { kind: 'emailjs'; serviceId: string; templateId: string; publicKey: string; privateKey: string; to: string };

/**
 * The e-mail transport in effect. What the environment configures wins whole (SMTP_URL, else all
 * four EMAILJS_*), as it did before the admin had settings; otherwise the saved SMTP server when
 * it is complete, else the saved EmailJS account. Null when neither is: mail then waits.
 */
export function mailConfigOf(values: EffectiveSettings, sources: SettingsSources): MailConfig | null {
  const { env } = sources;
  const smtp = (url: string | undefined): MailConfig | null =>
    url && values.mailFrom && values.mailTo ? { kind: 'smtp', url, from: values.mailFrom, to: values.mailTo } : null;
  const emailJs = (): MailConfig | null =>
    values.emailjsServiceId && values.emailjsTemplateId && values.emailjsPublicKey && values.emailjsPrivateKey
      ? {
          kind: 'emailjs',
          serviceId: values.emailjsServiceId,
          templateId: values.emailjsTemplateId,
          publicKey: values.emailjsPublicKey,
          privateKey: values.emailjsPrivateKey,
          to: values.mailTo ?? '',
        }
      : null;
  if (env.SMTP_URL) return smtp(env.SMTP_URL);
  if (env.EMAILJS_SERVICE_ID) return emailJs();
  return smtp(savedSmtpUrl(values)) ?? emailJs();
}

/** The saved SMTP server as a nodemailer URL, or undefined without a host. */
function savedSmtpUrl(values: EffectiveSettings): string | undefined {
  if (!values.smtpHost) return undefined;
  return smtpUrlOf({
    host: values.smtpHost,
    port: values.smtpPort ?? '587',
    security: (values.smtpSecurity as SmtpSecurity | undefined) ?? 'starttls',
    user: values.smtpUser,
    password: values.smtpPassword,
  });
}

/**
 * An SMTP server's settings as the URL nodemailer reads (the form SMTP_URL takes): user name and
 * password percent-encoded, STARTTLS required or TLS ignored as the owner chose.
 */
export function smtpUrlOf(server: {
  host: string;
  port: string;
  security: SmtpSecurity;
  user?: string;
  password?: string;
}): string {
  const url = new URL(`${server.security === 'tls' ? 'smtps' : 'smtp'}://localhost`);
  url.hostname = server.host.includes(':') && !server.host.startsWith('[') ? `[${server.host}]` : server.host;
  url.port = server.port;
  // Encoded whole: the setters leave a '%' as it is, which nodemailer would then decode ('%31' → '1').
  if (server.user) {
    url.username = encodeURIComponent(server.user);
    url.password = encodeURIComponent(server.password ?? '');
  }
  if (server.security === 'starttls') url.searchParams.set('requireTLS', 'true');
  if (server.security === 'none') url.searchParams.set('ignoreTLS', 'true');
  return url.toString();
}

export async function effectiveMail(db: DB, sources: SettingsSources): Promise<MailConfig | null> {
  return mailConfigOf(await effectiveSettings(db, sources, MAIL_SETTINGS), sources);
}

/** Text messages through Twilio: the account, the sender and the broker's phone. */
export interface SmsConfig {
  accountSid: string;
  authToken: string;
  from: string;
  to: string;
}

/** Twilio in effect, when its four settings are (the environment gives all four or none). */
export function smsConfigOf(values: EffectiveSettings): SmsConfig | null {
  const { twilioAccountSid, twilioAuthToken, twilioFrom, alertSmsTo } = values;
  if (!twilioAccountSid || !twilioAuthToken || !twilioFrom || !alertSmsTo) return null;
  return { accountSid: twilioAccountSid, authToken: twilioAuthToken, from: twilioFrom, to: alertSmsTo };
}

export async function effectiveSms(db: DB, sources: SettingsSources): Promise<SmsConfig | null> {
  return smsConfigOf(await effectiveSettings(db, sources, SMS_SETTINGS));
}

/**
 * The site's public address for links sent to people: SITE_URL where the operator set it, else
 * the one saved in the admin, else the configuration's default (http://localhost:PORT).
 */
export function siteUrlOf(values: EffectiveSettings, sources: SettingsSources): { url: string; source: SettingSource } {
  if (environmentSets('siteUrl', sources)) return { url: sources.env.SITE_URL, source: 'environment' };
  if (values.siteUrl) return { url: values.siteUrl, source: 'saved' };
  return { url: sources.env.SITE_URL, source: 'unset' };
}

/** The site's public address and where it comes from; reads the database only when the environment sets none. */
export async function siteUrlSetting(db: DB, sources: SettingsSources): Promise<{ url: string; source: SettingSource }> {
  if (environmentSets('siteUrl', sources)) return siteUrlOf({}, sources);
  return siteUrlOf(await readSavedSettings(db, ['siteUrl']), sources);
}

export async function effectiveSiteUrl(db: DB, sources: SettingsSources): Promise<string> {
  return (await siteUrlSetting(db, sources)).url;
}

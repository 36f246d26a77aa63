/**
 * The settings the owner may enter in the admin (issue 33) instead of the environment: one
 * definition per field, with its label, its key in `site_settings`, the environment variable that
 * overrides it, and whether it is a secret (stored sealed, never shown again). Plain data, so the
 * settings page and the server read the same list.
 *
 * The SMTP server's five fields are all covered by one variable, SMTP_URL: where it is set, none
 * of them is read from the admin.
 */

export type SettingGroup = 'smtp' | 'mail' | 'emailjs' | 'twilio' | 'site';

export interface SettingField {
  /** The form field's name and the setting's name in code. */
  name: string;
  /** Its row's key in `site_settings`. */
  key: string;
  label: string;
  group: SettingGroup;
  /** The environment variable that wins over the saved value where it is set. */
  env: string;
  /** Stored sealed with SECRET_KEY; the page says a value is saved, never shows it. */
  secret?: true;
}

export const SETTING_FIELDS = [
  { name: 'smtpHost', key: 'smtp.host', label: 'SMTP server', group: 'smtp', env: 'SMTP_URL' },
  { name: 'smtpPort', key: 'smtp.port', label: 'Port', group: 'smtp', env: 'SMTP_URL' },
  { name: 'smtpSecurity', key: 'smtp.security', label: 'Security', group: 'smtp', env: 'SMTP_URL' },
  { name: 'smtpUser', key: 'smtp.user', label: 'User name', group: 'smtp', env: 'SMTP_URL' },
  { name: 'smtpPassword', key: 'smtp.password', label: 'Password', group: 'smtp', env: 'SMTP_URL', secret: true },
  { name: 'mailFrom', key: 'mail.from', label: 'From address', group: 'mail', env: 'MAIL_FROM' },
  { name: 'mailTo', key: 'mail.to', label: "Broker's mailbox", group: 'mail', env: 'MAIL_TO' },
  { name: 'emailjsServiceId', key: 'emailjs.service_id', label: 'Service ID', group: 'emailjs', env: 'EMAILJS_SERVICE_ID' },
  { name: 'emailjsTemplateId', key: 'emailjs.template_id', label: 'Template ID', group: 'emailjs', env: 'EMAILJS_TEMPLATE_ID' },
  { name: 'emailjsPublicKey', key: 'emailjs.public_key', label: 'Public key', group: 'emailjs', env: 'EMAILJS_PUBLIC_KEY' },
  {
    name: 'emailjsPrivateKey',
    key: 'emailjs.private_key',
    label: 'Private key',
    group: 'emailjs',
    env: 'EMAILJS_PRIVATE_KEY',
    secret: true,
  },
  { name: 'twilioAccountSid', key: 'twilio.account_sid', label: 'Account SID', group: 'twilio', env: 'TWILIO_ACCOUNT_SID' },
  {
    name: 'twilioAuthToken',
    key: 'twilio.auth_token',
    label: 'Auth token',
    group: 'twilio',
    env: 'TWILIO_AUTH_TOKEN',
    secret: true,
  },
  { name: 'twilioFrom', key: 'twilio.from', label: 'From number', group: 'twilio', env: 'TWILIO_FROM' },
  { name: 'alertSmsTo', key: 'twilio.alert_to', label: 'Text alerts go to', group: 'twilio', env: 'ALERT_SMS_TO' },
  { name: 'siteUrl', key: 'site.url', label: "The site's public address", group: 'site', env: 'SITE_URL' },
] as const satisfies readonly SettingField[];

export type SettingName = (typeof SETTING_FIELDS)[number]['name'];
export type SecretSettingName = Extract<(typeof SETTING_FIELDS)[number], { secret: true }>['name'];

export const SECRET_SETTINGS = SETTING_FIELDS.filter((field) => 'secret' in field).map(
  (field) => field.name,
) as SecretSettingName[];

export const isSecretSetting = (name: SettingName): name is SecretSettingName =>
  (SECRET_SETTINGS as readonly string[]).includes(name);

export const fieldOf = (name: SettingName): SettingField => SETTING_FIELDS.find((field) => field.name === name)!;

/** The settings of a group, in the page's order. */
export const fieldsOf = (group: SettingGroup): SettingField[] => SETTING_FIELDS.filter((field) => field.group === group);

/** The fields whose change can change how e-mail goes out (a test that went through no longer vouches for them). */
export const MAIL_GROUPS: readonly SettingGroup[] = ['smtp', 'mail', 'emailjs'];

/** How the SMTP connection is secured: TLS from the start (port 465), STARTTLS required (587), or none. */
export const SMTP_SECURITY = ['tls', 'starttls', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  tls: 'TLS from the start (usually port 465)',
  starttls: 'STARTTLS, required (usually port 587)',
  none: 'None: plain text (only a relay on this machine or network)',
};

/** Where a field's value comes from, as the page shows it. */
export type SettingSource = 'environment' | 'saved' | 'unset';

/** The words beside a field the server's environment sets (read-only in the admin). */
export const SET_BY_ENVIRONMENT = "Set by the server's environment";

import { z } from 'zod';
import { SMTP_SECURITY, type SecretSettingName, type SettingName } from './fields';

/**
 * The Settings form's input, field by field (issue 33): each value as the owner typed it, '' for
 * none; for a secret, '' keeps the saved one and `remove` lists those to delete. Whether the
 * fields fit together (a whole Twilio account, a sender for an SMTP server) is judged against
 * what is saved and what the environment sets, by ./plan.ts.
 */

// One line of text: a pasted tab or line break has no place in a host name or a password.
const CONTROL = /[\u0000-\u001f\u007f]/;

const oneLine = (max: number, error: string) =>
  z
    .string()
    .trim()
    .max(max, { error })
    .refine((v) => !CONTROL.test(v), { error });

/** '' or what `valid` accepts, as `normal` writes it. */
const optional = (max: number, error: string, valid: (v: string) => boolean, normal: (v: string) => string = (v) => v) =>
  oneLine(max, error)
    .refine((v) => v === '' || valid(v), { error })
    .transform((v) => (v === '' ? '' : normal(v)))
    .default('');

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV6 = /^\[?[0-9a-f]*:[0-9a-f:.]*\]?$/i;
const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** A mailbox alone, or a display name and the mailbox in angle brackets. */
export function isSenderAddress(value: string): boolean {
  const named = /^([^<>"]*|"[^"]*")\s*<([^<>]+)>$/.exec(value);
  return EMAIL.test(named ? named[2]!.trim() : value);
}

/**
 * A phone number as Twilio takes it (E.164): a US number typed with spaces, dashes, dots or
 * brackets, with or without its 1, is read as +1 and its ten digits.
 */
export function e164(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  if (/^\+[1-9]\d{7,14}$/.test(compact)) return compact;
  if (/^1?\d{10}$/.test(compact)) return `+1${compact.slice(-10)}`;
  return null;
}

/** The site's address: http(s), a host, and nothing after it (the links add their paths). */
export function siteOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export const SETTING_ERRORS = {
  smtpHost: 'Enter the SMTP server’s name or address, like smtp.example.com.',
  smtpPort: 'The port is a whole number from 1 to 65535: usually 587 for STARTTLS, 465 for TLS.',
  smtpSecurity: 'Choose how the connection is secured.',
  smtpUser: 'The user name is one line of at most 254 characters.',
  smtpPassword: 'The password is one line of at most 512 characters.',
  mailFrom: 'Enter the address mail is sent from, like leads@example.com or Construction Loan Pros <leads@example.com>.',
  mailTo: 'Enter the mailbox that receives the lead alerts, like broker@example.com.',
  emailjsServiceId: 'Enter the EmailJS service ID (letters, digits, - and _), like service_abc123.',
  emailjsTemplateId: 'Enter the EmailJS template ID (letters, digits, - and _), like template_abc123.',
  emailjsPublicKey: 'Enter the EmailJS public key, as its Account page shows it.',
  emailjsPrivateKey: 'Enter the EmailJS private key, as its Account page shows it.',
  twilioAccountSid: 'A Twilio account SID is AC followed by 32 letters and digits (Twilio Console, Account Info).',
  twilioAuthToken: 'Enter the Twilio auth token (Twilio Console, Account Info): 16 to 128 characters, no spaces.',
  twilioFrom: 'Enter your Twilio number in international form, like +12085550100, or a Messaging Service SID (MG…).',
  alertSmsTo: 'Enter the phone number for text alerts, like +12085550100 or 208-555-0100.',
  siteUrl: 'Enter the site’s address alone, like https://www.example.com (https:// or http://, no path after it).',
} as const satisfies Record<SettingName, string>;

const E = SETTING_ERRORS;
const SECRETS = ['smtpPassword', 'emailjsPrivateKey', 'twilioAuthToken'] as const satisfies readonly SecretSettingName[];
const ID = /^[A-Za-z0-9_-]{1,128}$/;
const KEY = /^[\x21-\x7e]{1,128}$/;

export const settingsInputSchema = z.object({
  smtpHost: optional(
    253,
    E.smtpHost,
    (v) => HOST_NAME.test(v) || IPV6.test(v),
    (v) => v.replace(/^\[|\]$/g, '').toLowerCase(),
  ),
  smtpPort: optional(
    5,
    E.smtpPort,
    (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535,
    (v) => String(Number(v)),
  ),
  smtpSecurity: z.union([z.literal(''), z.enum(SMTP_SECURITY)], { error: E.smtpSecurity }).default(''),
  smtpUser: oneLine(254, E.smtpUser).default(''),
  smtpPassword: z
    .string()
    .max(512, { error: E.smtpPassword })
    .refine((v) => !CONTROL.test(v), { error: E.smtpPassword })
    .default(''),
  mailFrom: optional(254, E.mailFrom, isSenderAddress),
  mailTo: optional(254, E.mailTo, (v) => EMAIL.test(v)),
  emailjsServiceId: optional(128, E.emailjsServiceId, (v) => ID.test(v)),
  emailjsTemplateId: optional(128, E.emailjsTemplateId, (v) => ID.test(v)),
  emailjsPublicKey: optional(128, E.emailjsPublicKey, (v) => KEY.test(v)),
  emailjsPrivateKey: optional(128, E.emailjsPrivateKey, (v) => KEY.test(v)),
  twilioAccountSid: optional(34, E.twilioAccountSid, (v) => /^AC[0-9a-f]{32}$/i.test(v)),
  twilioAuthToken: optional(128, E.twilioAuthToken, (v) => /^[\x21-\x7e]{16,128}$/.test(v)),
  twilioFrom: optional(
    40,
    E.twilioFrom,
    (v) => e164(v) !== null || /^MG[0-9a-f]{32}$/i.test(v),
    (v) => e164(v) ?? v,
  ),
  alertSmsTo: optional(
    40,
    E.alertSmsTo,
    (v) => e164(v) !== null,
    (v) => e164(v)!,
  ),
  siteUrl: optional(
    300,
    E.siteUrl,
    (v) => siteOrigin(v) !== null,
    (v) => siteOrigin(v)!,
  ),
  /** The saved secrets to delete ('remove' ticked beside them). */
  remove: z.array(z.enum(SECRETS)).max(SECRETS.length).default([]),
});

export type SettingsInput = z.output<typeof settingsInputSchema>;

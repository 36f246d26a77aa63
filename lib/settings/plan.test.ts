import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env-schema';
import { environmentSets, smtpUrlParts } from './environment';
import { SECRET_SETTINGS, SETTING_FIELDS } from './fields';
import { planSettings } from './plan';
import { e164, isSenderAddress, settingsInputSchema, siteOrigin } from './schema';

const sources = (vars: Record<string, string> = {}) => ({ env: parseEnv(vars), raw: vars });
const plan = (fields: Record<string, unknown>, saved = {}, vars: Record<string, string> = {}) =>
  planSettings(settingsInputSchema.parse(fields), saved, sources(vars));

const SMTP = { smtpHost: 'smtp.example.com', mailFrom: 'leads@example.com', mailTo: 'broker@example.com' };

describe('the Settings form', () => {
  it('reads each field as the owner types it, or refuses it by name', () => {
    expect(e164('(208) 555-0100')).toBe('+12085550100');
    expect(e164('+44 20 7946 0958')).toBe('+442079460958');
    expect(e164('555-0100')).toBeNull();
    expect(isSenderAddress('Construction Loan Pros <leads@example.com>')).toBe(true);
    expect(isSenderAddress('leads@example')).toBe(false);
    expect(siteOrigin('https://Loans.Example/')).toBe('https://loans.example');
    expect(siteOrigin('https://loans.example/path')).toBeNull();
    expect(siteOrigin('https://user:pw@loans.example')).toBeNull();
    const parsed = settingsInputSchema.parse({ smtpPort: '0587', alertSmsTo: '208.555.0100', smtpHost: 'SMTP.Example.com' });
    expect(parsed).toMatchObject({ smtpPort: '587', alertSmsTo: '+12085550100', smtpHost: 'smtp.example.com', remove: [] });
    expect(settingsInputSchema.safeParse({ smtpHost: 'smtp example' }).success).toBe(false);
    expect(settingsInputSchema.safeParse({ smtpUser: 'a\nb' }).success).toBe(false);
    expect(settingsInputSchema.safeParse({ remove: ['mailTo'] }).success).toBe(false);
  });

  it('fills in the port and security of a new SMTP server, and clears its login with it', () => {
    expect(plan(SMTP).changes).toEqual({ ...SMTP, smtpPort: '587', smtpSecurity: 'starttls' });
    expect(plan({ ...SMTP, smtpSecurity: 'tls' }).changes).toMatchObject({ smtpPort: '465', smtpSecurity: 'tls' });
    const saved = { ...SMTP, smtpPort: '587', smtpSecurity: 'starttls', smtpUser: 'u', smtpPassword: 'secret' };
    expect(plan({ mailFrom: SMTP.mailFrom, mailTo: SMTP.mailTo, smtpUser: 'u' }, saved).changes).toEqual({
      smtpHost: null,
      smtpPort: null,
      smtpSecurity: null,
      smtpUser: null,
      smtpPassword: null,
    });
  });

  it('keeps a secret left empty, replaces a typed one, removes a ticked one, and refuses both at once', () => {
    const saved = { ...SMTP, smtpPort: '587', smtpSecurity: 'starttls', smtpUser: 'u', smtpPassword: 'old' };
    const same = { ...SMTP, smtpPort: '587', smtpSecurity: 'starttls', smtpUser: 'u' };
    expect(plan(same, saved).changes).toEqual({});
    expect(plan({ ...same, smtpPassword: 'new' }, saved).changes).toEqual({ smtpPassword: 'new' });
    expect(plan({ ...same, remove: ['smtpPassword'] }, saved).changes).toEqual({ smtpPassword: null });
    expect(plan({ ...same, smtpPassword: 'new', remove: ['smtpPassword'] }, saved).fieldErrors).toEqual({
      smtpPassword: 'Enter a new one or remove the saved one, not both.',
    });
    expect(plan({ ...SMTP, smtpPassword: 'p' }).fieldErrors).toEqual({
      smtpUser: 'Enter the user name this password belongs to.',
    });
  });

  it('asks for all of EmailJS or Twilio, and for the addresses an SMTP server needs', () => {
    expect(plan({ emailjsServiceId: 'service_1' }).fieldErrors).toEqual({
      emailjsTemplateId: 'Required with the other EmailJS settings: all four, or none.',
      emailjsPublicKey: 'Required with the other EmailJS settings: all four, or none.',
      emailjsPrivateKey: 'Required with the other EmailJS settings: all four, or none.',
    });
    expect(plan({ smtpHost: 'smtp.example.com' }).fieldErrors).toEqual({
      mailFrom: 'Required to send mail through the SMTP server.',
      mailTo: 'Required to send mail through the SMTP server.',
    });
    // The addresses may come from the environment.
    expect(
      plan({ smtpHost: 'smtp.example.com' }, {}, { MAIL_FROM: 'a@example.com', MAIL_TO: 'b@example.com' }).fieldErrors,
    ).toEqual({});
  });

  it('leaves what the environment sets alone, and reads SMTP_URL as the fields it covers', () => {
    const vars = {
      SMTP_URL: 'smtps://me%40example.com:p%40ss@mail.example.com',
      MAIL_FROM: 'a@example.com',
      MAIL_TO: 'b@example.com',
    };
    expect(plan({ smtpHost: 'other.example.com', mailTo: 'c@example.com' }, {}, vars)).toEqual({ changes: {}, fieldErrors: {} });
    expect(smtpUrlParts(vars.SMTP_URL)).toEqual({
      smtpHost: 'mail.example.com',
      smtpPort: '465',
      smtpSecurity: 'tls',
      smtpUser: 'me@example.com',
      smtpPassword: 'p@ss',
    });
    // SITE_URL counts as set only when the operator set it: the parsed default does not.
    expect(environmentSets('siteUrl', sources())).toBe(false);
    expect(environmentSets('siteUrl', sources({ SITE_URL: 'https://loans.example' }))).toBe(true);
  });

  it('lists its secrets once, and every field once', () => {
    expect(SECRET_SETTINGS).toEqual(['smtpPassword', 'emailjsPrivateKey', 'twilioAuthToken']);
    expect(new Set(SETTING_FIELDS.map((f) => f.key)).size).toBe(SETTING_FIELDS.length);
    expect(Object.keys(settingsInputSchema.shape).sort()).toEqual([...SETTING_FIELDS.map((f) => f.name), 'remove'].sort());
  });
});

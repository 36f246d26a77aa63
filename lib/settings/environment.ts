import type { Env } from '../env-schema';
import { fieldOf, type SettingName, type SmtpSecurity } from './fields';

/**
 * Which settings the server's environment sets, and to what. An environment variable, where set,
 * wins over the value saved in the admin (issue 33), and the page shows it read-only.
 *
 * "Set" is read from the parsed configuration, except for SITE_URL: the parsed one always has a
 * value (http://localhost:PORT when the variable is absent), so whether the operator set it is
 * read from the raw environment. Both are passed in, so tests give their own.
 */

export type RawEnvironment = Readonly<Record<string, string | undefined>>;

export interface SettingsSources {
  env: Env;
  raw: RawEnvironment;
}

/** Whether the environment sets the field (then the saved value, if any, is not used). */
export function environmentSets(name: SettingName, { env, raw }: SettingsSources): boolean {
  const variable = fieldOf(name).env;
  if (variable === 'SITE_URL') return Boolean(raw.SITE_URL?.trim());
  return env[variable as keyof Env] !== undefined;
}

/** The value the environment gives the field, where it sets it. The SMTP server's come from SMTP_URL. */
export function environmentValue(name: SettingName, sources: SettingsSources): string | undefined {
  if (!environmentSets(name, sources)) return undefined;
  const { env } = sources;
  switch (name) {
    case 'smtpHost':
    case 'smtpPort':
    case 'smtpSecurity':
    case 'smtpUser':
    case 'smtpPassword':
      return smtpUrlParts(env.SMTP_URL!)?.[name];
    case 'siteUrl':
      return env.SITE_URL;
    default:
      return env[fieldOf(name).env as keyof Env] as string | undefined;
  }
}

/**
 * SMTP_URL read as the admin's fields, to show what the environment chose. nodemailer's own
 * defaults: port 465 for smtps://, else 587; smtp:// upgrades to TLS when the server offers it
 * (shown as STARTTLS) unless `ignoreTLS` is set.
 */
export function smtpUrlParts(
  url: string,
): Record<'smtpHost' | 'smtpPort' | 'smtpUser' | 'smtpPassword', string> & { smtpSecurity: SmtpSecurity } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { smtpHost: '', smtpPort: '', smtpSecurity: 'starttls', smtpUser: '', smtpPassword: '' };
  }
  const tls = parsed.protocol === 'smtps:';
  const security: SmtpSecurity = tls ? 'tls' : parsed.searchParams.get('ignoreTLS') === 'true' ? 'none' : 'starttls';
  return {
    smtpHost: parsed.hostname,
    smtpPort: parsed.port || (tls ? '465' : '587'),
    smtpSecurity: security,
    smtpUser: decodeURIComponent(parsed.username),
    smtpPassword: decodeURIComponent(parsed.password),
  };
}

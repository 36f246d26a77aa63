import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_URL, databaseTarget, EnvError, parseEnv } from './env-schema';

describe('parseEnv', () => {
  it('runs a fresh clone with no configuration at all', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBe(DEFAULT_DATABASE_URL);
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.EMAILJS_API_URL).toBe('https://api.emailjs.com');
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('starts with .env.example copied as it is: empty URL variables are unset or their default', () => {
    const example = Object.fromEntries(
      readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
        .split('\n')
        .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
        .filter((match) => match !== null)
        .map((match) => [match[1]!, match[2]!]),
    );
    const emptied = {
      ...example,
      SITE_URL: '',
      EMAILJS_API_URL: '',
      STRIPE_API_URL: ' ',
      TWILIO_API_URL: '',
      LEAD_WEBHOOK_URL: '',
    };
    const env = parseEnv(emptied);
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.EMAILJS_API_URL).toBe('https://api.emailjs.com');
    expect(env.STRIPE_API_URL).toBeUndefined();
    expect(env.LEAD_WEBHOOK_URL).toBeUndefined();
    expect(() => parseEnv({ SITE_URL: 'ftp://x' })).toThrow(/SITE_URL: must be an http\(s\) URL/);
  });

  it('treats empty variables as unset and trims the public origin', () => {
    const env = parseEnv({ PORT: '8080', SITE_URL: 'https://loans.example.com/', MAIL_TO: '', STRIPE_SECRET_KEY: ' ' });
    expect(env.PORT).toBe(8080);
    expect(env.SITE_URL).toBe('https://loans.example.com');
    expect(env.MAIL_TO).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it.each([['mysql://localhost/db'], ['site.db'], ['file:'], ['postgres://']])(
    'rejects DATABASE_URL=%s naming the variable',
    (value) => {
      expect(() => parseEnv({ DATABASE_URL: value })).toThrow(EnvError);
      expect(() => parseEnv({ DATABASE_URL: value })).toThrow(/DATABASE_URL: must be file:PATH \(SQLite\) or postgres:\/\//);
    },
  );

  it.each([['abc'], ['0'], ['70000'], ['80.5']])('rejects PORT=%s naming the variable', (value) => {
    expect(() => parseEnv({ PORT: value })).toThrow(/PORT: must be a whole number between 1 and 65535/);
  });

  it('takes SECRET_KEY as 32 bytes in base64 or hex, naming it otherwise', () => {
    expect(parseEnv({}).SECRET_KEY).toBeUndefined();
    expect(parseEnv({ SECRET_KEY: 'A'.repeat(43) + '=' }).SECRET_KEY).toBe('A'.repeat(43) + '=');
    expect(parseEnv({ SECRET_KEY: 'ab'.repeat(32) }).SECRET_KEY).toBe('ab'.repeat(32));
    expect(() => parseEnv({ SECRET_KEY: 'too-short' })).toThrow(/SECRET_KEY: must be 32 bytes as base64 or hex/);
  });

  it('lists every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'x', DATABASE_URL: 'nope', SITE_URL: 'ftp://x' })).toThrow(
      /PORT:[\s\S]*SITE_URL:|PORT:[\s\S]*DATABASE_URL:/,
    );
    try {
      parseEnv({ PORT: 'x', DATABASE_URL: 'nope', SITE_URL: 'ftp://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('SITE_URL');
    }
  });

  it('requires the EmailJS settings together', () => {
    expect(() => parseEnv({ EMAILJS_SERVICE_ID: 'service_x' })).toThrow(
      /EMAILJS_TEMPLATE_ID: is required when EMAILJS_SERVICE_ID is set/,
    );
    const env = parseEnv({
      EMAILJS_SERVICE_ID: 's',
      EMAILJS_TEMPLATE_ID: 't',
      EMAILJS_PUBLIC_KEY: 'p',
      EMAILJS_PRIVATE_KEY: 'k',
    });
    expect(env.EMAILJS_SERVICE_ID).toBe('s');
  });

  it('rejects an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(() => parseEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
    const mail = { MAIL_FROM: 'Website <web@example.com>', MAIL_TO: 'broker@example.com' };
    expect(parseEnv({ SMTP_URL: 'smtp://user:pw@localhost:2525', ...mail }).SMTP_URL).toBe('smtp://user:pw@localhost:2525');
  });

  it('requires a sender and a recipient with SMTP_URL', () => {
    expect(() => parseEnv({ SMTP_URL: 'smtp://localhost:2525' })).toThrow(/MAIL_FROM: is required when SMTP_URL is set/);
    expect(() => parseEnv({ SMTP_URL: 'smtp://localhost:2525', MAIL_FROM: 'a@example.com' })).toThrow(
      /MAIL_TO: is required when SMTP_URL is set/,
    );
  });
});

describe('lead spam settings', () => {
  it('defaults to 2 seconds of fill time and 10 leads per address per 10 minutes', () => {
    const env = parseEnv({});
    expect(env.SPAM_MIN_FILL_SECONDS).toBe(2);
    expect(env.LEAD_RATE_LIMIT).toBe(10);
    expect(env.LEAD_RATE_WINDOW_MINUTES).toBe(10);
  });

  it('accepts 0 to switch the fill-time check off, and rejects nonsense naming the variable', () => {
    expect(parseEnv({ SPAM_MIN_FILL_SECONDS: '0' }).SPAM_MIN_FILL_SECONDS).toBe(0);
    expect(parseEnv({ LEAD_RATE_LIMIT: '50', LEAD_RATE_WINDOW_MINUTES: '60' })).toMatchObject({
      LEAD_RATE_LIMIT: 50,
      LEAD_RATE_WINDOW_MINUTES: 60,
    });
    expect(() => parseEnv({ SPAM_MIN_FILL_SECONDS: '-1' })).toThrow(/SPAM_MIN_FILL_SECONDS: must be a whole number/);
    expect(() => parseEnv({ LEAD_RATE_LIMIT: '0' })).toThrow(/LEAD_RATE_LIMIT: must be a whole number/);
    expect(() => parseEnv({ LEAD_RATE_WINDOW_MINUTES: 'ten' })).toThrow(/LEAD_RATE_WINDOW_MINUTES: must be a whole number/);
  });
});

describe('Web Vitals reports', () => {
  it('allows 60 per client address per minute unless told otherwise', () => {
    expect(parseEnv({}).VITALS_LIMIT_PER_MINUTE).toBe(60);
    expect(parseEnv({ VITALS_LIMIT_PER_MINUTE: '300' }).VITALS_LIMIT_PER_MINUTE).toBe(300);
    expect(() => parseEnv({ VITALS_LIMIT_PER_MINUTE: '0' })).toThrow(/VITALS_LIMIT_PER_MINUTE: must be a whole number/);
  });
});

describe('databaseTarget', () => {
  it('maps file: URLs to SQLite paths and postgres URLs to PostgreSQL', () => {
    expect(databaseTarget('file:data/site.db')).toEqual({ kind: 'sqlite', path: 'data/site.db' });
    expect(databaseTarget('postgres://u:p@h:5432/db')).toEqual({ kind: 'postgres', url: 'postgres://u:p@h:5432/db' });
  });
});

describe('admin sign-in settings', () => {
  it('defaults to a 2 hour idle and 7 day absolute session, 10 failures a minute and 100 an hour', () => {
    const env = parseEnv({});
    expect(env.SESSION_IDLE_MINUTES).toBe(120);
    expect(env.SESSION_MAX_DAYS).toBe(7);
    expect(env.LOGIN_LIMIT_PER_MINUTE).toBe(10);
    expect(env.LOGIN_LIMIT_PER_HOUR).toBe(100);
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('reads the settings and treats empty values as unset', () => {
    const env = parseEnv({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_DAYS: '', LOGIN_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '1' });
    expect(env.SESSION_IDLE_MINUTES).toBe(30);
    expect(env.SESSION_MAX_DAYS).toBe(7);
    expect(env.LOGIN_LIMIT_PER_MINUTE).toBe(5);
    expect(env.TRUST_PROXY).toBe(true);
  });

  it('rejects bad values naming the variable', () => {
    expect(() => parseEnv({ SESSION_IDLE_MINUTES: '0' })).toThrow(/SESSION_IDLE_MINUTES: must be a whole number/);
    expect(() => parseEnv({ LOGIN_LIMIT_PER_HOUR: 'lots' })).toThrow(/LOGIN_LIMIT_PER_HOUR: must be a whole number/);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be 1, 0, true or false/);
  });
});

describe('backup settings', () => {
  it('writes to backups/ unencrypted by default; a passphrase is at least 12 characters', () => {
    const defaults = parseEnv({});
    expect([defaults.BACKUP_DIR, defaults.BACKUP_PASSPHRASE]).toEqual(['backups', undefined]);
    const set = parseEnv({ BACKUP_DIR: ' /var/backups/clp ', BACKUP_PASSPHRASE: '' });
    expect([set.BACKUP_DIR, set.BACKUP_PASSPHRASE]).toEqual(['/var/backups/clp', undefined]);
    expect(parseEnv({ BACKUP_PASSPHRASE: ' twelve chars' }).BACKUP_PASSPHRASE).toBe(' twelve chars');
    expect(() => parseEnv({ BACKUP_PASSPHRASE: 'short' })).toThrow(/BACKUP_PASSPHRASE: must be at least 12 characters long/);
  });
});

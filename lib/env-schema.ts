import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Environment schema. Kept apart from env.server.ts so the start script and tests can validate
 * an arbitrary environment without the server-only guard. Nothing here reaches the browser.
 */

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const url = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://localhost:3000' });

/**
 * An http(s) URL; empty means unset, like every other variable here: `.env.example` copied to
 * `.env` leaves `NAME=` lines, which must not stop the server.
 */
const httpUrl = {
  optional: () => z.preprocess(emptyAsUnset, url.optional()),
  default: (fallback: string) => z.preprocess(emptyAsUnset, url.default(fallback)),
};

function emptyAsUnset(v: unknown): unknown {
  return typeof v === 'string' && v.trim() === '' ? undefined : v;
}

export const DEFAULT_DATABASE_URL = 'file:data/site.db';

const databaseUrl = z
  .string()
  .trim()
  .default(DEFAULT_DATABASE_URL)
  .refine((v) => /^file:.+/.test(v) || /^postgres(ql)?:\/\/[^/\s]+\/?.*$/.test(v), {
    message: 'must be file:PATH (SQLite) or postgres://USER:PASSWORD@HOST:PORT/DB',
  });

/** A whole number within bounds; unset or empty means the default. */
const wholeNumber = (min: number, max: number, fallback: number) => {
  const error = `must be a whole number between ${min} and ${max}`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback),
  );
};

/** 32 bytes as base64 (44 characters) or hex (64): the key that seals secrets at rest. */
const secretKey = optional.refine((v) => v === undefined || decodeSecretKey(v) !== null, {
  message: 'must be 32 bytes as base64 or hex, e.g. the output of `openssl rand -base64 32`',
});

/** A SECRET_KEY value as its 32 bytes, or null when it is not one. */
export function decodeSecretKey(value: string): Buffer | null {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64')
      : null;
  return bytes?.length === 32 ? bytes : null;
}

/** A Standard Webhooks secret: `whsec_` and base64 of 24 to 64 random bytes. */
export function isWebhookSecret(value: string): boolean {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) return false;
  const bytes = Buffer.from(match[1]!, 'base64').length;
  return bytes >= 24 && bytes <= 64;
}

/** CLAMD_SOCKET: the absolute path of clamd's UNIX socket, or tcp://HOST:PORT. */
function isClamdAddress(value: string): boolean {
  if (value.startsWith('/')) return true;
  const tcp = /^tcp:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/i.exec(value);
  return tcp !== null && Number(tcp[2]) >= 1 && Number(tcp[2]) <= 65535;
}

/** OUTBOUND_RESOLVE: `host=address` pairs, comma-separated, each address an IPv4 or IPv6 address. */
function isResolveList(value: string): boolean {
  const ipv4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
  const ipv6 = /^\[?[0-9a-f:.]*:[0-9a-f:.]*\]?$/i;
  return value.split(',').every((pair) => {
    const [host = '', address = '', ...rest] = pair.split('=').map((part) => part.trim());
    return rest.length === 0 && /^[a-z0-9.-]+$/i.test(host) && (ipv4.test(address) || ipv6.test(address));
  });
}

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine((v) => v === undefined || ['', '0', '1', 'true', 'false'].includes(v), { message: 'must be 1, 0, true or false' })
  .transform((v) => v === '1' || v === 'true');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ error: 'must be a whole number between 1 and 65535' })
      .int({ error: 'must be a whole number between 1 and 65535' })
      .min(1, { error: 'must be a whole number between 1 and 65535' })
      .max(65535, { error: 'must be a whole number between 1 and 65535' })
      .default(3000),
    // The address to listen on: every interface when unset (as before), else one address, such as
    // 127.0.0.1 behind nginx on the same machine, so nothing reaches the server around the proxy.
    HOST: optional.refine((v) => v === undefined || v === 'localhost' || isIP(v) !== 0, {
      message: 'must be an IP address (127.0.0.1, ::1, 10.0.0.5) or localhost',
    }),
    SITE_URL: httpUrl.optional(),
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: optional,
    SECRET_KEY: secretKey,
    // The key being replaced, read only by `npm run secret-key:rotate` (server/rotate-key.ts).
    SECRET_KEY_PREVIOUS: secretKey,
    SESSION_IDLE_MINUTES: wholeNumber(1, 60 * 24 * 30, 120),
    SESSION_MAX_DAYS: wholeNumber(1, 365, 7),
    LOGIN_LIMIT_PER_MINUTE: wholeNumber(1, 10_000, 10),
    LOGIN_LIMIT_PER_HOUR: wholeNumber(1, 1_000_000, 100),
    // scrypt's cost for new password hashes, as log2 N (lib/auth/password.server.ts). Below OWASP's
    // 17 only for test servers, whose every sign-in would otherwise cost 0.8 s of a core.
    PASSWORD_SCRYPT_LOG2N: wholeNumber(10, 18, 17),
    TRUST_PROXY: flag,
    LOG_DB_QUERIES: flag,
    // Read by next.config.ts when the server loads it (lazyRoutes there); validated here with the rest.
    LAZY_ROUTES: flag,
    SPAM_MIN_FILL_SECONDS: wholeNumber(0, 600, 2),
    LEAD_RATE_LIMIT: wholeNumber(1, 100_000, 10),
    LEAD_RATE_WINDOW_MINUTES: wholeNumber(1, 60 * 24, 10),
    // Resume e-mails of 'Save and finish later' in any 24 hours (ADR 029).
    DRAFT_MAILS_PER_DRAFT: wholeNumber(1, 100, 3),
    DRAFT_MAILS_PER_RECIPIENT: wholeNumber(1, 100, 3),
    DRAFT_MAILS_PER_DAY: wholeNumber(1, 1_000_000, 200),
    VITALS_LIMIT_PER_MINUTE: wholeNumber(1, 100_000, 60),
    // GET /metrics' bearer token (issue 33); unset, /metrics answers 404.
    METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 16, { message: 'must be at least 16 characters' }),
    ACTIVITY_LOG_RETENTION_MONTHS: wholeNumber(1, 1200, 24),
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || /^smtps?:\/\/.+/.test(v), {
        message: 'must be smtp://USER:PASSWORD@HOST:PORT or smtps://...',
      }),
    MAIL_FROM: optional,
    MAIL_TO: optional,
    EMAILJS_SERVICE_ID: optional,
    EMAILJS_TEMPLATE_ID: optional,
    EMAILJS_PUBLIC_KEY: optional,
    EMAILJS_PRIVATE_KEY: optional,
    EMAILJS_API_URL: httpUrl.default('https://api.emailjs.com'),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_PRICE_STANDARD: optional,
    STRIPE_PRICE_JUMBO: optional,
    STRIPE_API_URL: httpUrl.optional(),
    // Lead alerts by text message (Twilio's REST API); TWILIO_API_URL points tests at a stand-in.
    TWILIO_ACCOUNT_SID: optional,
    TWILIO_AUTH_TOKEN: optional,
    TWILIO_FROM: optional,
    ALERT_SMS_TO: optional,
    TWILIO_API_URL: httpUrl.default('https://api.twilio.com'),
    // A webhook endpoint set by configuration (Standard Webhooks), beside those set in the admin.
    LEAD_WEBHOOK_URL: httpUrl.optional(),
    LEAD_WEBHOOK_SECRET: optional.refine((v) => v === undefined || isWebhookSecret(v), {
      message: 'must be whsec_ followed by base64 of at least 24 bytes, e.g. whsec_$(openssl rand -base64 32)',
    }),
    // Outgoing requests to addresses chosen in the admin (push endpoints, webhooks; lib/http/outbound-request.server.ts):
    // private targets only when allowed, and a name→address override that exists only then (tests, intranet set-ups).
    OUTBOUND_ALLOW_PRIVATE: flag,
    OUTBOUND_RESOLVE: optional.refine((v) => v === undefined || isResolveList(v), {
      message: 'must be HOST=IP pairs separated by commas, e.g. fcm.googleapis.com=127.0.0.1',
    }),
    // clamd (ClamAV's daemon) that scans every uploaded document (lib/documents/clamd.server.ts); unset: no scan.
    CLAMD_SOCKET: optional.refine((v) => v === undefined || isClamdAddress(v), {
      message: "must be the absolute path of clamd's LocalSocket (e.g. /var/run/clamav/clamd.ctl) or tcp://HOST:PORT",
    }),
    // S3-compatible object storage for uploaded documents' encrypted chunks (lib/documents/s3-chunk-store.server.ts); unset: the database.
    DOCUMENTS_S3_BUCKET: optional,
    DOCUMENTS_S3_REGION: optional,
    DOCUMENTS_S3_ENDPOINT: httpUrl.optional(),
    DOCUMENTS_S3_ACCESS_KEY_ID: optional,
    DOCUMENTS_S3_SECRET_ACCESS_KEY: optional,
    DOCUMENTS_S3_FORCE_PATH_STYLE: flag,
    BACKUP_DIR: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || 'backups'),
    BACKUP_PASSPHRASE: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || v.length >= 12, { message: 'must be at least 12 characters long' }),
  })
  .superRefine((v, ctx) => {
    // EmailJS needs all four values together; half a configuration would silently never send.
    const emailjs = ['EMAILJS_SERVICE_ID', 'EMAILJS_TEMPLATE_ID', 'EMAILJS_PUBLIC_KEY', 'EMAILJS_PRIVATE_KEY'] as const;
    const set = emailjs.filter((k) => v[k] !== undefined);
    if (set.length > 0 && set.length < emailjs.length) {
      for (const k of emailjs.filter((k) => v[k] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [k], message: `is required when ${set.join(', ')} is set` });
      }
    }
    // Twilio needs its four values together: a text alert with no sender or no recipient never goes out.
    const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'ALERT_SMS_TO'] as const;
    const twilioSet = twilio.filter((k) => v[k] !== undefined);
    if (twilioSet.length > 0 && twilioSet.length < twilio.length) {
      for (const k of twilio.filter((k) => v[k] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [k], message: `is required when ${twilioSet.join(', ')} is set` });
      }
    }
    // A webhook URL without its secret could only send unsigned requests; a secret alone, nothing.
    if ((v.LEAD_WEBHOOK_URL === undefined) !== (v.LEAD_WEBHOOK_SECRET === undefined)) {
      const missing = v.LEAD_WEBHOOK_URL === undefined ? 'LEAD_WEBHOOK_URL' : 'LEAD_WEBHOOK_SECRET';
      const other = missing === 'LEAD_WEBHOOK_URL' ? 'LEAD_WEBHOOK_SECRET' : 'LEAD_WEBHOOK_URL';
      ctx.addIssue({ code: 'custom', path: [missing], message: `is required when ${other} is set` });
    }
    // The override exists only where private targets are allowed: never a way around the address rules.
    if (v.OUTBOUND_RESOLVE !== undefined && !v.OUTBOUND_ALLOW_PRIVATE) {
      ctx.addIssue({ code: 'custom', path: ['OUTBOUND_RESOLVE'], message: 'is honoured only with OUTBOUND_ALLOW_PRIVATE=1' });
    }
    // Object storage needs its bucket, region and both keys together: half a configuration would
    // fail at the first upload rather than at start-up. The endpoint and path style alone mean nothing.
    const s3 = [
      'DOCUMENTS_S3_BUCKET',
      'DOCUMENTS_S3_REGION',
      'DOCUMENTS_S3_ACCESS_KEY_ID',
      'DOCUMENTS_S3_SECRET_ACCESS_KEY',
    ] as const;
    const s3Set = s3.filter((k) => v[k] !== undefined);
    if (s3Set.length > 0 && s3Set.length < s3.length) {
      for (const k of s3.filter((k) => v[k] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [k], message: `is required when ${s3Set.join(', ')} is set (all four or none)` });
      }
    }
    if (v.DOCUMENTS_S3_BUCKET === undefined && (v.DOCUMENTS_S3_ENDPOINT !== undefined || v.DOCUMENTS_S3_FORCE_PATH_STYLE)) {
      const path = v.DOCUMENTS_S3_ENDPOINT !== undefined ? 'DOCUMENTS_S3_ENDPOINT' : 'DOCUMENTS_S3_FORCE_PATH_STYLE';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: 'is used only with DOCUMENTS_S3_BUCKET and the rest of DOCUMENTS_S3_*',
      });
    }
    // An SMTP server without a sender and a recipient could never deliver a notification.
    if (v.SMTP_URL !== undefined) {
      for (const k of ['MAIL_FROM', 'MAIL_TO'] as const) {
        if (v[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'is required when SMTP_URL is set' });
      }
    }
  })
  .transform((v) => ({
    ...v,
    SITE_URL: (v.SITE_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates an environment; throws EnvError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
}

/** The database a DATABASE_URL points at, in a form the db module can open. */
export type DatabaseTarget = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export function databaseTarget(url: string): DatabaseTarget {
  if (url.startsWith('file:')) return { kind: 'sqlite', path: url.slice('file:'.length) };
  return { kind: 'postgres', url };
}

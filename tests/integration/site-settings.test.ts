import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { parseEnv } from '../../lib/env-schema';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { addNotifications } from '../../lib/notifications/outbox.server';
import { openPayload } from '../../lib/notifications/sealed-payload.server';
import { hasMailTransport, transportForChannel } from '../../lib/notifications/transports/index.server';
import { sendTestMail, sendTestSms } from '../../lib/notifications/transports/test-send.server';
import { effectiveMail, effectiveSettings, effectiveSiteUrl, siteUrlSetting } from '../../lib/settings/effective.server';
import type { SettingsSources } from '../../lib/settings/environment';
import { saveSiteSettings } from '../../lib/settings/save.server';
import { settingsInputSchema } from '../../lib/settings/schema';
import { readSavedSettings } from '../../lib/settings/store.server';
import { mailTestSucceededAt, recordTestSuccess } from '../../lib/settings/test-results.server';
import { settingsView } from '../../lib/settings/view.server';
import { scanDatabase } from '../support/database-scan';
import { testEngines } from '../support/engines';
import { listen } from '../support/http-server';
import { recordLead } from '../support/leads';
import { startSmtp } from '../support/mail';
import { createPostgresDatabase } from '../support/postgres-database';
import { tempSqlite } from '../support/temp-db';
import { tempDatabasePath } from '../support/temp-path';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 33).toString('base64');
});

/**
 * The admin's Settings (issue 33, point 1) on real databases and real SMTP peers: saved and read
 * back, the password sealed (in no table's bytes), the environment winning where it sets a field,
 * a transport built once following a change saved through another connection (another instance),
 * and the test e-mail's exact outcome.
 */

const PASSWORD = 'relay-Pässwörd:/@%31';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn() };

/** A database and a second, independent connection to it (another instance's). */
const engines = testEngines<{ db: DB; other: () => DB; cleanup: () => Promise<void> }>(
  async () => {
    const { path, cleanup } = tempDatabasePath();
    const handles: DB[] = [];
    const open = () => {
      const db = connect({ kind: 'sqlite', path });
      handles.push(db);
      return db;
    };
    return { db: open(), other: open, cleanup: async () => (await Promise.all(handles.map((h) => h.destroy())), cleanup()) };
  },
  async (adminUrl) => {
    const database = await createPostgresDatabase(adminUrl);
    const handles: DB[] = [];
    const open = () => {
      const db = connect({ kind: 'postgres', url: database.url });
      handles.push(db);
      return db;
    };
    return {
      db: open(),
      other: open,
      cleanup: async () => {
        await Promise.all(handles.map((h) => h.destroy()));
        await database.drop();
      },
    };
  },
);

/** The configuration with `vars` set, and the raw environment they came from. */
const sourcesOf = (vars: Record<string, string> = {}): SettingsSources => ({ env: parseEnv(vars), raw: vars });

const input = (fields: Record<string, unknown>) => settingsInputSchema.parse(fields);

async function save(db: DB, fields: Record<string, unknown>, sources = sourcesOf()) {
  return db.transaction().execute((trx) => saveSiteSettings(trx, input(fields), { sources, by: 'admin', now: new Date() }));
}

/** An SMTP server without a login (the test peers take none). */
const smtpFields = (port: number) => ({
  smtpHost: '127.0.0.1',
  smtpPort: String(port),
  smtpSecurity: 'none',
  mailFrom: 'Loan Pros <web@loans.example>',
  mailTo: 'broker@loans.example',
});
const login = { smtpUser: 'relay-user', smtpPassword: PASSWORD };

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function smtpPeer() {
  const smtp = await startSmtp();
  cleanups.push(smtp.stop);
  return smtp;
}

const message = (subject: string) => ({ subject, text: 'Hello', fromName: 'Visitor', fromEmail: 'visitor@example.com' });

async function queueMail(db: DB, subject: string) {
  await db.transaction().execute((trx) =>
    addNotifications(trx, [
      {
        subject: { type: 'payment', id: subject },
        channel: 'email',
        recipient: 'broker',
        payload: message(subject),
        at: new Date(),
      },
    ]),
  );
}

describe.each(engines)('site settings on %s', (_name, openDb) => {
  async function database() {
    const handle = await openDb();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle;
  }

  it('saves and reads back; the password is sealed, in no table, and never in what the page gets', async () => {
    const { db } = await database();
    const site = { siteUrl: 'https://loans.example/' };
    expect(await save(db, { ...smtpFields(2525), ...login, ...site })).toEqual({
      ok: true,
      set: expect.arrayContaining([
        'smtpHost',
        'smtpPort',
        'smtpSecurity',
        'smtpUser',
        'smtpPassword',
        'mailFrom',
        'mailTo',
        'siteUrl',
      ]),
      removed: [],
    });
    expect(await readSavedSettings(db)).toEqual({ ...smtpFields(2525), ...login, siteUrl: 'https://loans.example' });
    const row = await db.selectFrom('site_settings').selectAll().where('key', '=', 'smtp.password').executeTakeFirstOrThrow();
    expect(row.value).toBeNull();
    expect(row.sealed).toMatch(/^v1\./);
    expect(row.updated_by).toBe('admin');
    const { hits, tables } = await scanDatabase(
      db,
      (text) => text.includes(PASSWORD) || text.includes(encodeURIComponent(PASSWORD)),
    );
    expect(tables).toContain('site_settings');
    expect(hits).toEqual([]);

    const view = await settingsView(db, sourcesOf());
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
    expect(view.fields.smtpPassword).toEqual({ name: 'smtpPassword', source: 'saved', value: '', secretSaved: true });
    expect(view.mail).toEqual({ summary: 'SMTP: 127.0.0.1, port 2525', source: 'saved' });

    // An empty password keeps the saved one; 'remove' deletes it.
    const unchanged = { ...smtpFields(2526), ...site, smtpUser: login.smtpUser };
    expect(await save(db, { ...unchanged, smtpPassword: '' })).toEqual({ ok: true, set: ['smtpPort'], removed: [] });
    expect((await readSavedSettings(db)).smtpPassword).toBe(PASSWORD);
    expect(await save(db, { ...unchanged, smtpPassword: '', remove: ['smtpPassword'] })).toEqual({
      ok: true,
      set: [],
      removed: ['smtpPassword'],
    });
    expect((await readSavedSettings(db)).smtpPassword).toBeUndefined();
  });

  it('refuses bad input with an error per field and changes nothing', async () => {
    const { db } = await database();
    await save(db, smtpFields(2525));
    const before = await db.selectFrom('site_settings').selectAll().orderBy('key').execute();
    for (const [fields, field] of [
      [{ smtpPort: '0' }, 'smtpPort'],
      [{ smtpPort: '65536' }, 'smtpPort'],
      [{ mailTo: 'not an address' }, 'mailTo'],
      [{ siteUrl: 'ftp://loans.example' }, 'siteUrl'],
      [{ siteUrl: 'https://loans.example/some/path' }, 'siteUrl'],
    ] as const) {
      const parsed = settingsInputSchema.safeParse({ ...smtpFields(2525), ...fields });
      expect(parsed.success, field).toBe(false);
      expect(parsed.error!.issues[0]!.path).toEqual([field]);
    }
    // Half a Twilio account: each missing field is named.
    expect(await save(db, { ...smtpFields(2525), twilioAccountSid: `AC${'0'.repeat(32)}`, alertSmsTo: '208-555-0100' })).toEqual({
      ok: false,
      fieldErrors: {
        twilioAuthToken: 'Required with the other Twilio settings: all four, or none.',
        twilioFrom: 'Required with the other Twilio settings: all four, or none.',
      },
    });
    // An SMTP server without a mailbox could deliver nothing.
    expect(await save(db, { ...smtpFields(2525), mailTo: '' })).toEqual({
      ok: false,
      fieldErrors: { mailTo: 'Required to send mail through the SMTP server.' },
    });
    expect(await db.selectFrom('site_settings').selectAll().orderBy('key').execute()).toEqual(before);
  });

  it('lets an environment variable win over the saved value, and leaves its fields alone', async () => {
    const { db } = await database();
    const smtp = await smtpPeer();
    await save(db, { ...smtpFields(2525), siteUrl: 'https://saved.example' });
    const environment = sourcesOf({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'env@loans.example',
      MAIL_TO: 'env-broker@loans.example',
      SITE_URL: 'https://env.example',
    });
    expect(await effectiveMail(db, environment)).toEqual({
      kind: 'smtp',
      url: smtp.url,
      from: 'env@loans.example',
      to: 'env-broker@loans.example',
    });
    expect(await effectiveSiteUrl(db, environment)).toBe('https://env.example');
    expect((await siteUrlSetting(db, environment)).source).toBe('environment');
    // Without SITE_URL in the raw environment, the parsed default (http://localhost:3000) does not count as set.
    expect((await siteUrlSetting(db, { env: parseEnv({}), raw: {} })).source).toBe('saved');
    expect(await effectiveSiteUrl(db, sourcesOf())).toBe('https://saved.example');

    const view = await settingsView(db, environment);
    expect(view.fields.smtpHost).toMatchObject({ source: 'environment', value: '127.0.0.1' });
    expect(view.fields.smtpPassword).toMatchObject({ source: 'environment', value: '', secretSaved: false });
    expect(view.mail).toEqual({ summary: `SMTP: 127.0.0.1, port ${smtp.port}`, source: 'environment' });
    // A save leaves what the environment sets as it is saved.
    expect(await save(db, { smtpHost: '', mailFrom: '', mailTo: '', siteUrl: '' }, environment)).toEqual({
      ok: true,
      set: [],
      removed: [],
    });
    expect((await readSavedSettings(db)).smtpHost).toBe('127.0.0.1');

    await db.deleteFrom('site_settings').execute();
    expect((await siteUrlSetting(db, { env: parseEnv({}), raw: {} })).source).toBe('unset');
    expect(await effectiveSiteUrl(db, sourcesOf())).toBe('http://localhost:3000');
  });

  it('sends through settings changed on another connection, without a new transport', async () => {
    const { db, other } = await database();
    const [first, second] = [await smtpPeer(), await smtpPeer()];
    const sources = sourcesOf();
    const transport = transportForChannel(sources, async () => db, 'email');
    cleanups.push(() => transport.close?.());

    // Nothing set up: the mail waits, neither sent nor failed.
    await queueMail(db, 'waits');
    expect(await hasMailTransport(db, sources)).toBe(false);
    expect(await deliverDue(db, transport, log)).toBe(0);
    expect(await db.selectFrom('notifications').select(['status', 'attempts']).execute()).toEqual([
      { status: 'waiting', attempts: 0 },
    ]);

    // Another instance saves the settings: this one's next run sends through them.
    await save(other(), smtpFields(first.port));
    expect(await hasMailTransport(db, sources)).toBe(true);
    expect(await deliverDue(db, transport, log)).toBe(1);
    expect(first.mails.map((m) => m.headers.subject)).toEqual(['waits']);
    expect(first.mails[0]!.from).toBe('web@loans.example');
    expect(transport.name).toBe('smtp');

    await save(other(), smtpFields(second.port));
    await queueMail(db, 'moved');
    expect(await deliverDue(db, transport, log)).toBe(1);
    expect(second.mails.map((m) => m.headers.subject)).toEqual(['moved']);
    expect(first.mails).toHaveLength(1);
  });

  it("a new lead's text carries the saved site address, and texts wait for Twilio", async () => {
    const { db } = await database();
    await save(db, { siteUrl: 'https://saved.example' });
    // The number alone (Twilio not yet complete, as a save would refuse): the text is queued and waits.
    await db
      .insertInto('site_settings')
      .values({
        key: 'twilio.alert_to',
        value: '+12085550100',
        sealed: null,
        updated_at: new Date().toISOString(),
        updated_by: null,
      })
      .execute();
    const { id } = await recordLead(db, {
      kind: 'contact',
      fields: { from_name: 'Pat Rivera', from_email: 'pat@example.com', phone: '208-555-0199', message: 'Call me' },
      page: '/contact',
      consent: false,
      spamReason: null,
      clientAddress: '198.51.100.20',
      userAgent: 'test',
    });
    const sms = await db
      .selectFrom('notifications')
      .select(['id', 'payload'])
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(openPayload(sms)!)).toEqual({
      body: `Contact Form: Pat Rivera. https://saved.example/admin/leads?lead=${id}`,
    });
  });

  it("answers a test e-mail with the relay's words, or the connection's error, within seconds", async () => {
    const { db } = await database();
    const smtp = await smtpPeer();
    await save(db, smtpFields(smtp.port));
    const config = (await effectiveMail(db, sourcesOf()))!;
    const delivered = await sendTestMail(config, parseEnv({}), { subject: 'Test', text: 'Hello' });
    expect(delivered).toEqual({ ok: true, detail: expect.stringMatching(/^Delivered to the relay \(250 /) });
    expect(smtp.mails.map((m) => m.to)).toEqual([['broker@loans.example']]);
    expect(await mailTestSucceededAt(db)).toBeNull();
    const at = new Date('2026-11-27T10:00:00Z');
    await recordTestSuccess(db, 'mail', 'admin', at);
    expect(await mailTestSucceededAt(db)).toBe(at.toISOString());

    const port = await closedPort();
    await save(db, smtpFields(port));
    // A change of the mail settings forgets the test that vouched for the old ones.
    expect(await mailTestSucceededAt(db)).toBeNull();
    const started = Date.now();
    const refused = await sendTestMail((await effectiveMail(db, sourcesOf()))!, parseEnv({}), { subject: 'Test', text: 'Hello' });
    expect(refused).toEqual({ ok: false, error: `connect ECONNREFUSED 127.0.0.1:${port}` });
    expect(Date.now() - started).toBeLessThan(6_000);
  });
});

describe('the SMTP login', () => {
  it('reaches the server as typed, whatever characters the user name and password hold', async () => {
    const logins: { username?: string | null; password?: string | null }[] = [];
    const server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        callback(null, { user: auth.username });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.server.address() as { port: number };
    const { db, cleanup } = tempSqlite();
    cleanups.push(cleanup);
    await migrateToLatest(db);
    await save(db, { ...smtpFields(port), ...login, smtpUser: 'user@loans.example' });
    const settings = await effectiveSettings(db, sourcesOf());
    expect(settings.smtpPassword).toBe(PASSWORD);
    const outcome = await sendTestMail((await effectiveMail(db, sourcesOf()))!, parseEnv({}), { subject: 'Test', text: 'Hi' });
    expect(outcome.ok).toBe(true);
    expect(logins).toEqual([{ username: 'user@loans.example', password: PASSWORD }]);
  });
});

describe('the test text', () => {
  it("answers with Twilio's acceptance, or its own words for a refusal, the token never among them", async () => {
    const statuses = [201, 401];
    const twilio = await listen((req, res) => {
      req.resume();
      const status = statuses.shift() ?? 500;
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(status === 201 ? '{"sid":"SM1"}' : '{"code":20003,"message":"Authenticate"}');
    });
    cleanups.push(twilio.close);
    const config = {
      accountSid: `AC${'1'.repeat(32)}`,
      authToken: 'token-that-stays-secret',
      from: '+12085550199',
      to: '+12085550100',
    };
    const env = parseEnv({ TWILIO_API_URL: twilio.url });
    expect(await sendTestSms(config, env, 'Test')).toEqual({ ok: true, detail: 'Accepted by Twilio for delivery' });
    expect(await sendTestSms(config, env, 'Test')).toEqual({ ok: false, error: 'Twilio 401: Authenticate (error 20003)' });
    const closed = await closedPort();
    const refused = await sendTestSms(config, parseEnv({ TWILIO_API_URL: `http://127.0.0.1:${closed}` }), 'Test');
    expect(refused).toEqual({ ok: false, error: `Twilio network error: fetch failed: connect ECONNREFUSED 127.0.0.1:${closed}` });
  });
});

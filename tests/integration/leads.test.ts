import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { CONSENT_TEXT, type LeadKind } from '../../lib/leads/fields';
import { getLead, listNotificationAttempts } from '../../lib/leads/queries.server';
import { submitLead, type SubmitDeps } from '../../lib/leads/submit.server';
import { MAX_ATTEMPTS } from '../../lib/notifications/backoff';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { openPayload } from '../../lib/notifications/sealed-payload.server';
import { leadMessage } from '../../lib/leads/summary';
import { emailJsTransport } from '../../lib/notifications/transports/emailjs.server';
import { smtpTransport } from '../../lib/notifications/transports/smtp.server';
import { createOutboxWorker } from '../../lib/notifications/worker.server';
import { fullApplication, fullApplicationSummary } from '../support/lead-data';
import { listLeads } from '../support/leads';
import { startEmailJsStandIn, startSmtp } from '../support/mail';
import { tempSqlite } from '../support/temp-db';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

interface SubmitOptions {
  now?: Date;
  clientAddress?: string;
  spam?: SubmitDeps['spam'];
  db?: SubmitDeps['db'];
}

async function setup() {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  const woken = { count: 0, channels: [] as (string[] | undefined)[] };
  const submit = (kind: LeadKind, values: Record<string, string>, options: SubmitOptions = {}) =>
    submitLead(
      kind,
      values,
      { clientAddress: options.clientAddress ?? '203.0.113.7', userAgent: 'test' },
      {
        db: options.db ?? (async () => handle.db),
        spam: options.spam ?? { minFillSeconds: 2, rateLimit: 10, windowMinutes: 10 },
        log,
        now: () => options.now ?? new Date(),
        wake: (channels?: ReadonlySet<string>) => {
          woken.count++;
          woken.channels.push(channels && [...channels].sort());
        },
      },
    );
  return { db: handle.db, submit, woken };
}

const human = { fill_ms: '15000', page: '/apply' };
const MAIL = { from: 'Website <web@example.com>', to: 'broker@example.com' };

describe('lead store', () => {
  it('stores each kind with its type, fields, page and consent, newest first, notification waiting', async () => {
    const { db, submit } = await setup();
    const t0 = new Date('2026-11-21T10:00:00.000Z');
    expect(await submit('application', { ...fullApplication, ...human, consent: 'yes' }, { now: t0 })).toEqual({
      ok: true,
      kind: 'application',
    });
    await submit(
      'ebook',
      { name: 'Bo', email: 'bo@example.com', fill_ms: '4000', page: '/ebook' },
      { now: new Date(t0.getTime() + 1000) },
    );

    const leads = await listLeads(db);
    expect(leads.map((l) => [l.kind, l.type])).toEqual([
      ['ebook', 'Ebook Download'],
      ['application', 'New Detailed Application'],
    ]);
    const application = leads[1]!;
    expect(application.fields).toEqual(fullApplication);
    expect(application).toMatchObject({
      name: 'Jane Builder',
      email: 'jane@example.com',
      phone: '208-555-0142',
      page: '/apply',
      status: 'new',
      isSpam: false,
      createdAt: t0.toISOString(),
      consent: { text: CONSENT_TEXT, at: t0.toISOString(), page: '/apply' },
      notification: { status: 'waiting', attempts: 0, nextAttemptAt: t0.toISOString() },
    });
    expect(leads[0]!.consent).toBeNull();

    // The e-mail is rendered when the lead is stored and kept with its notification: the worker
    // sends that payload and knows nothing of leads.
    const notice = await db
      .selectFrom('notifications')
      .select(['id', 'channel', 'payload'])
      .where('subject_type', '=', 'lead')
      .where('subject_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(notice.channel).toBe('email');
    // Sealed at rest (lib/notifications/sealed-payload.server.ts).
    expect(JSON.parse(openPayload(notice)!)).toEqual(
      leadMessage({
        kind: 'application',
        type: 'New Detailed Application',
        fields: fullApplication,
        page: '/apply',
        createdAt: t0.toISOString(),
        consent: { text: CONSENT_TEXT, at: t0.toISOString(), page: '/apply' },
      }),
    );
  });

  it('wakes the outbox worker for each lead it has to tell of, and only then', async () => {
    const { submit, woken } = await setup();
    await submit('ebook', { name: 'Bo', email: 'bo@example.com', ...human });
    expect(woken.count).toBe(1);
    // Only the e-mail lanes: the broker's alert and the visitor's ebook (no device, no webhook here).
    expect(woken.channels).toEqual([['email']]);
    await submit('ebook', { name: 'Bo', email: '' });
    await submit('ebook', { name: 'Bo', email: 'bo@example.com', ...human, company_website: 'spam' });
    await submit('ebook', { name: 'Bo', email: 'bo@example.com' }, { db: () => Promise.reject(new Error('disk full')) });
    expect(woken.count).toBe(1);
  });

  it('answers invalid input with field messages and stores nothing', async () => {
    const { db, submit } = await setup();
    const result = await submit('application', { ...fullApplication, email: '', employer: 'x'.repeat(201) });
    expect(result).toMatchObject({
      ok: false,
      reason: 'invalid',
      fieldErrors: { email: 'This field is required.', employer: expect.stringContaining('too long') },
    });
    expect(await listLeads(db, { includeSpam: true })).toEqual([]);
  });

  it("answers the spec's 'Uh oh!' when the database fails", async () => {
    const { submit } = await setup();
    const result = await submit(
      'ebook',
      { name: 'Bo', email: 'b@example.com' },
      { db: () => Promise.reject(new Error('disk full')) },
    );
    expect(result).toMatchObject({
      ok: false,
      reason: 'failed',
      title: 'Uh oh! Something went wrong.',
      message: 'There was a problem submitting your application. Please try again.',
      values: { name: 'Bo', email: 'b@example.com' },
    });
    expect(log.error).toHaveBeenCalled();
  });
});

describe('spam', () => {
  it('files only strong evidence as spam, unnotified; weak signals are listed, marked and notified like any lead', async () => {
    const { db, submit } = await setup();
    const smtp = await startSmtp();
    cleanups.push(smtp.stop);
    const ebook = { name: 'Bo', email: 'bo@example.com', page: '/ebook' };
    await submit('ebook', { ...ebook, name: 'Honey', fill_ms: '5000', company_website: 'http://spam.example' });
    const markup = { from_name: 'Markup', from_email: 'm@example.com', message: '[url=http://pills.example]cheap[/url]' };
    await submit('contact', { ...markup, fill_ms: '9000' }, { clientAddress: '198.51.100.9' });
    // Autofill on a phone: 1.2 s from the first tap, a field focused. One weak signal: not marked.
    await submit('ebook', { ...ebook, name: 'Autofill', fill_ms: '1200', focused: '1' }, { clientAddress: '198.51.100.1' });
    // Sent 0.3 s after the first focus: faster than a person taps twice. Marked, never hidden.
    await submit('ebook', { ...ebook, name: 'Instant', fill_ms: '300', focused: '1' }, { clientAddress: '198.51.100.3' });
    // One address, limit 10 per window: 10 leads, 20 bursts (marked), then far beyond it (spam).
    for (let i = 0; i < 32; i++)
      await submit('ebook', { ...ebook, name: `Burst ${i}`, fill_ms: '5000' }, { clientAddress: '198.51.100.2' });

    const all = await listLeads(db, { includeSpam: true });
    expect(all).toHaveLength(36);
    const spam = all.filter((l) => l.isSpam);
    expect(spam.map((l) => `${l.name}: ${l.spamReason}`).sort()).toEqual([
      'Burst 30: flood',
      'Burst 31: flood',
      'Honey: honeypot',
      'Markup: link-markup',
    ]);
    expect(spam.every((l) => l.notification?.status === 'skipped')).toBe(true);
    const listed = await listLeads(db);
    expect(listed).toHaveLength(32);
    const byName = (name: string) => listed.find((l) => l.name === name)!;
    expect(byName('Autofill')).toMatchObject({ possibleBot: false, botSignals: [{ signal: 'fast-fill', value: 1200 }] });
    expect(byName('Instant')).toMatchObject({ possibleBot: true, botSignals: [{ signal: 'instant-fill', value: 300 }] });
    expect(byName('Burst 9')).toMatchObject({ possibleBot: false, botSignals: [] });
    expect(byName('Burst 10')).toMatchObject({ possibleBot: true, botSignals: [{ signal: 'burst', value: 11 }] });
    expect(listed.filter((l) => l.possibleBot)).toHaveLength(21);

    const transport = smtpTransport({ url: smtp.url, ...MAIL });
    cleanups.push(() => transport.close?.());
    let sent = 0;
    for (let round = 0; round < 5 && sent < 32; round++) sent += await deliverDue(db, transport, log);
    expect(sent).toBe(32);
    expect(smtp.mails).toHaveLength(32);
    expect(smtp.mails.some((m) => /Honey|Markup|Burst 3[01]/.test(m.text))).toBe(false);
    // The broker sees which alerts may not be people, and why.
    const instant = smtp.mails.find((m) => m.text.includes('Name: Instant'))!;
    expect(instant.headers.subject).toBe('[Possible bot] Ebook Download: Instant');
    expect(instant.text).toMatch(/^Possible bot \(instant fill\): it is in your Leads list/);
    expect(smtp.mails.find((m) => m.text.includes('Name: Autofill'))!.headers.subject).toBe('Ebook Download: Autofill');
  });

  it('refuses, without storing, an address sending far beyond the limit', async () => {
    const { db, submit } = await setup();
    const limited = { spam: { minFillSeconds: 0, rateLimit: 1, windowMinutes: 10 } };
    for (let i = 0; i < 5; i++) await submit('ebook', { name: 'B', email: 'b@x.example' }, limited);
    expect(await submit('ebook', { name: 'B', email: 'b@x.example' }, limited)).toMatchObject({
      ok: false,
      reason: 'limited',
    });
    expect(await listLeads(db, { includeSpam: true })).toHaveLength(5);
  });

  it('counts the addresses of one IPv6 /64 as one sender', async () => {
    const { db, submit } = await setup();
    const limited = { spam: { minFillSeconds: 0, rateLimit: 1, windowMinutes: 10 } };
    // One machine holding a /64 sends from a new address each time.
    for (let i = 1; i <= 5; i++)
      await submit('ebook', { name: 'B', email: 'b@x.example' }, { ...limited, clientAddress: `2001:db8:7:8::${i}` });
    expect(
      await submit('ebook', { name: 'B', email: 'b@x.example' }, { ...limited, clientAddress: '2001:db8:7:8:ffff::1' }),
    ).toMatchObject({ ok: false, reason: 'limited' });
    expect(
      await submit('ebook', { name: 'C', email: 'c@x.example' }, { ...limited, clientAddress: '2001:db8:7:9::1' }),
    ).toMatchObject({ ok: true });
    expect(await listLeads(db, { includeSpam: true })).toHaveLength(6);
  });
});

describe('outbox over SMTP (a real smtp-server)', () => {
  it('delivers the exact message of a full application to MAIL_TO, once', async () => {
    const { db, submit } = await setup();
    const smtp = await startSmtp();
    cleanups.push(smtp.stop);
    const transport = smtpTransport({ url: smtp.url, ...MAIL });
    cleanups.push(() => transport.close?.());
    const at = new Date('2026-11-21T10:00:00.000Z');
    await submit('application', { ...fullApplication, ...human }, { now: at });

    expect(await deliverDue(db, transport, log, () => at)).toBe(1);
    expect(await deliverDue(db, transport, log, () => at)).toBe(0);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to).toEqual(['broker@example.com']);
    expect(mail.from).toBe('web@example.com');
    expect(mail.headers.subject).toBe('New Detailed Application: Jane Builder');
    expect(mail.headers['reply-to']).toBe('Jane Builder <jane@example.com>');
    expect(mail.text).toBe(
      `${fullApplicationSummary}\n\n---\nSubmitted: 2026-11-21T10:00:00.000Z\nPage: /apply\nConsent to calls and texts: not given`,
    );
    const [lead] = await listLeads(db);
    expect(lead!.notification).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: at.toISOString() });
  });

  it('keeps the lead while the server is down, records each error, and delivers once when it is back', async () => {
    const { db, submit } = await setup();
    const probe = await startSmtp();
    const port = probe.port;
    await probe.stop();
    const transport = smtpTransport({ url: `smtp://127.0.0.1:${port}`, ...MAIL });
    cleanups.push(() => transport.close?.());
    let now = new Date('2026-11-21T10:00:00.000Z');
    const clock = () => now;
    expect(
      await submit('contact', { from_name: 'Sam', from_email: 's@example.com', message: 'Hello', ...human }, { now }),
    ).toMatchObject({ ok: true });

    expect(await deliverDue(db, transport, log, clock)).toBe(0);
    now = new Date(now.getTime() + 10_000);
    expect(await deliverDue(db, transport, log, clock)).toBe(0); // not due yet: 30 s backoff
    now = new Date(now.getTime() + 30_000);
    expect(await deliverDue(db, transport, log, clock)).toBe(0);
    let [lead] = await listLeads(db);
    expect(lead!.notification).toMatchObject({ status: 'failing', attempts: 2 });
    expect(lead!.notification!.lastError).toMatch(/SMTP: .*ECONNREFUSED/);

    const smtp = await startSmtp(port);
    cleanups.push(smtp.stop);
    now = new Date(now.getTime() + 120_000);
    expect(await deliverDue(db, transport, log, clock)).toBe(1);
    now = new Date(now.getTime() + 3_600_000);
    expect(await deliverDue(db, transport, log, clock)).toBe(0);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.text).toContain('Message:\nHello');
    [lead] = await listLeads(db);
    expect(lead!.notification).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    const attempts = await listNotificationAttempts(db, lead!.id);
    expect(attempts.map((a) => [a.transport, a.ok])).toEqual([
      ['smtp', false],
      ['smtp', false],
      ['smtp', true],
    ]);
    expect(attempts[0]!.error).toMatch(/ECONNREFUSED/);
  });

  it('gives up after the retry window and marks the notification failed', async () => {
    const { db, submit } = await setup();
    const failing = { name: 'smtp', channel: 'email' as const, send: () => Promise.reject(new Error('down')) };
    let now = new Date('2026-11-21T10:00:00.000Z');
    await submit('ebook', { name: 'B', email: 'b@example.com', ...human }, { now });
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliverDue(db, failing, log, () => now);
      now = new Date(now.getTime() + 3_600_000);
    }
    const [lead] = await listLeads(db);
    expect(lead!.notification).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'down',
      nextAttemptAt: null,
    });
    expect(now.getTime() - Date.parse('2026-11-21T10:00:00.000Z')).toBeGreaterThan(24 * 3_600_000);
  });

  it('runs in a worker that delivers as soon as it is woken', async () => {
    const { db, submit } = await setup();
    const smtp = await startSmtp();
    cleanups.push(smtp.stop);
    const worker = createOutboxWorker({ db: async () => db, transport: smtpTransport({ url: smtp.url, ...MAIL }), log });
    cleanups.push(() => worker.stop());
    await submit('ebook', { name: 'B', email: 'b@example.com', ...human });
    worker.wake();
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect((await listLeads(db))[0]!.notification!.status).toBe('sent'));
  });
});

describe('outbox over EmailJS (a local stand-in)', () => {
  const settings = (apiUrl: string) => ({
    apiUrl,
    serviceId: 'service_abc',
    templateId: 'template_xyz',
    publicKey: 'public-key',
    privateKey: 'private-key',
    to: 'broker@example.com',
  });

  it("posts the spec's payload with the private key, and retries an error status", async () => {
    const { db, submit } = await setup();
    const api = await startEmailJsStandIn([500, 429, 200]);
    cleanups.push(api.stop);
    let now = new Date('2026-11-21T10:00:00.000Z');
    await submit('application', { ...fullApplication, ...human }, { now });
    const transport = emailJsTransport(settings(api.url));

    expect(await deliverDue(db, transport, log, () => now)).toBe(0);
    const [lead] = await listLeads(db);
    expect(lead!.notification).toMatchObject({ status: 'failing', lastError: 'EmailJS 500 Server Error 500' });
    now = new Date(now.getTime() + 31_000);
    expect(await deliverDue(db, transport, log, () => now)).toBe(0);
    expect((await getLead(db, lead!.id))!.notification!.lastError).toBe('EmailJS 429 Too Many Requests');
    now = new Date(now.getTime() + 61_000);
    expect(await deliverDue(db, transport, log, () => now)).toBe(1);

    expect(api.requests).toHaveLength(3);
    expect(api.requests[2]!.url).toBe('/api/v1.0/email/send');
    expect(api.requests[2]!.body).toEqual({
      lib_version: '4.4.1',
      service_id: 'service_abc',
      template_id: 'template_xyz',
      user_id: 'public-key',
      accessToken: 'private-key',
      template_params: {
        from_name: 'Jane Builder',
        from_email: 'jane@example.com',
        to_email: 'broker@example.com',
        message: expect.stringContaining(fullApplicationSummary),
      },
    });
    expect((await getLead(db, lead!.id))!.notification).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('does not retry 403 (block list) or 451 (headless browser), and logs their meaning', async () => {
    for (const [status, meaning] of [
      [403, 'EmailJS 403 Forbidden (block list)'],
      [451, 'EmailJS 451 Unavailable For Headless Browser'],
    ] as const) {
      const { db, submit } = await setup();
      const api = await startEmailJsStandIn([status]);
      cleanups.push(api.stop);
      await submit('ebook', { name: 'B', email: 'b@example.com', ...human });
      await deliverDue(db, emailJsTransport(settings(api.url)), log);
      const [lead] = await listLeads(db);
      expect(lead!.notification).toMatchObject({ status: 'failed', lastError: meaning, nextAttemptAt: null });
      expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ error: meaning }), expect.stringContaining(meaning));
    }
  });

  it('retries a network error', async () => {
    const { db, submit } = await setup();
    const api = await startEmailJsStandIn([]);
    await api.stop();
    await submit('ebook', { name: 'B', email: 'b@example.com', ...human });
    await deliverDue(db, emailJsTransport(settings(api.url)), log);
    const [lead] = await listLeads(db);
    expect(lead!.notification!.status).toBe('failing');
    expect(lead!.notification!.lastError).toMatch(/^EmailJS 0 Network Error/);
  });
});

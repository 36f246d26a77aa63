import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordConsentEvent, mayContact } from '../../lib/consent/events.server';
import { leadConsentHistory, recordLeadConsent } from '../../lib/consent/lead-consent.server';
import { answerInboundSms, EMPTY_TWIML } from '../../lib/consent/sms-reply.server';
import { linkState, applyUnsubscribe } from '../../lib/consent/unsubscribe.server';
import { readUnsubscribeToken, unsubscribeToken } from '../../lib/consent/unsubscribe-token.server';
import { CONTENT_VERSION } from '../../lib/content/document';
import { readSiteContent } from '../../lib/content/queries.server';
import type { DB } from '../../lib/db/connect.server';
import { env } from '../../lib/env.server';
import { signInMessage } from '../../lib/loan-files/messages';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { addNotifications, retryNotifications } from '../../lib/notifications/outbox.server';
import { smtpTransport } from '../../lib/notifications/transports/smtp.server';
import { twilioTransport } from '../../lib/notifications/transports/twilio.server';
import { twilioSignature } from '../../lib/notifications/transports/twilio-signature.server';
import type { Transport } from '../../lib/notifications/transports/types';
import type { NotificationMessage } from '../../lib/notifications/types';
import { deletePersonData } from '../../lib/privacy/delete.server';
import { exportPersonData } from '../../lib/privacy/export.server';
import { registerDomainHooks } from '../../lib/setup/hooks.server';
import { answerUnsubscribePost } from '../../server/unsubscribe-endpoint';
import { engines, seededDatabases } from '../support/engines';
import { listen, serversOfEachTest } from '../support/http-server';
import { recordLead } from '../support/leads';
import { startSmtp } from '../support/mail';

/**
 * Withdrawing consent (issue 31, point 4) on a real database of each engine: the outbox checks
 * consent when it sends, not when it queued; the unsubscribe link's token cannot be made for
 * another address; a mail app's one-click POST works without cookies or Origin; a Twilio STOP
 * signed with the auth token withdraws texts, a forged one changes nothing; a privacy request
 * exports and deletes the records; and the auto-reply reaches a real SMTP peer with its
 * List-Unsubscribe headers.
 */

const SITE = 'https://loans.example';
const AUTH_TOKEN = 'twilio-auth-token';
const BROKER_PHONE = '+12085550100';
const JANE_PHONE = '+12085550142';
const servers = serversOfEachTest();
const cleanups: (() => Promise<void>)[] = [];
const saved = { ...env };
const log = { info: vi.fn(), warn: vi.fn() };

beforeEach(() => {
  Object.assign(env, { SECRET_KEY: Buffer.alloc(32, 9).toString('base64'), SITE_URL: SITE, TWILIO_AUTH_TOKEN: AUTH_TOKEN });
  // The consent check and the loan files' hook, as every start registers them.
  registerDomainHooks();
});
afterEach(async () => {
  Object.assign(env, saved);
  await servers.closeAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An e-mail transport that keeps what it is given. */
function recordingMail() {
  const sent: NotificationMessage[] = [];
  const transport: Transport<'email'> = { name: 'test-mail', channel: 'email', send: async (m) => void sent.push(m) };
  return { sent, transport };
}

/** A Twilio stand-in that accepts every text, and its transport (ALERT_SMS_TO: the broker's phone). */
async function twilioStandIn() {
  const texts: URLSearchParams[] = [];
  const server = servers.track(
    await listen((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        texts.push(new URLSearchParams(body));
        res.writeHead(201, { 'Content-Type': 'application/json' }).end('{}');
      });
    }),
  );
  const transport = twilioTransport({
    apiUrl: server.url,
    accountSid: 'AC1',
    authToken: AUTH_TOKEN,
    from: '+12085550199',
    to: BROKER_PHONE,
  });
  return { texts, transport };
}

const visitorMail = (to: string, subject = 'We received your request'): NotificationMessage => ({
  subject,
  text: 'Hello,\n\nThank you.\n',
  fromName: 'Construction Loan Pros',
  fromEmail: 'hello@loans.example',
  to,
});

async function queue(db: DB, notifications: Parameters<typeof addNotifications>[1]) {
  await db.transaction().execute((trx) => addNotifications(trx, notifications));
}

const queuedMail = (to: string, extra: Partial<NotificationMessage> = {}) =>
  ({
    subject: { type: 'lead', id: 'lead-1' },
    channel: 'email',
    recipient: 'visitor',
    payload: { ...visitorMail(to), ...extra },
    at: new Date(),
  }) as const;

async function statesOf(db: DB, channel: string) {
  return db
    .selectFrom('notifications')
    .select(['recipient', 'status', 'last_error', 'attempts'])
    .where('channel', '=', channel)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** A POST as Twilio makes it: form-encoded, signed over SITE_URL + path and the sorted parameters. */
function twilioPost(params: Record<string, string>, sign: { token?: string; url?: string } = {}) {
  const body = new URLSearchParams({ AccountSid: 'AC1', To: '+12085550199', NumMedia: '0', ...params });
  const url = `${SITE}/api/twilio/sms`;
  return {
    authToken: AUTH_TOKEN,
    url,
    body: body.toString(),
    signature: twilioSignature(sign.token ?? AUTH_TOKEN, sign.url ?? url, body),
  };
}

/** The unsubscribe endpoint on a real socket, as the server answers POSTs to /unsubscribe. */
async function unsubscribeEndpoint(db: DB) {
  const server = servers.track(
    await listen((req, res) => void answerUnsubscribePost(req, res, { siteUrl: SITE, trustProxy: false }, async () => db)),
  );
  return server.url;
}

async function setPostalAddress(db: DB) {
  const content = await readSiteContent(db);
  const document = JSON.stringify({
    ...content,
    autoReply: { ...content.autoReply, postalAddress: '100 Main St, Boise, ID 83702' },
  });
  await db.updateTable('site_content').set({ document, schema_version: CONTENT_VERSION }).where('id', '=', 'site').execute();
}

const contactLead = (email: string, phone = '(208) 555-0142') => ({
  kind: 'contact' as const,
  fields: { from_name: 'Jane Builder', from_email: email, phone, message: 'About a build', page: '/contact' },
  page: '/contact',
  consent: true,
  spamReason: null,
  clientAddress: '203.0.113.9',
  userAgent: 'test',
});

describe.each(engines)('withdrawing consent on %s', (_engine, open) => {
  const database = seededDatabases(cleanups, open);

  it('checks consent when sending: a withdrawal after queueing stops the queued e-mail, for good', async () => {
    const db = await database();
    await queue(db, [queuedMail('Jane@Example.com'), queuedMail('bob@example.com')]);
    // Jane unsubscribes after the auto-reply was queued, before the worker reached it.
    expect(
      await applyUnsubscribe(db, unsubscribeToken('jane@example.com'), 'unsubscribe', new Date('2026-11-27T09:00:00Z')),
    ).toBe(true);

    const mail = recordingMail();
    expect(await deliverDue(db, mail.transport, log)).toBe(1);
    expect(mail.sent.map((m) => m.to)).toEqual(['bob@example.com']);
    const states = await statesOf(db, 'email');
    expect(states).toHaveLength(2);
    expect(states).toContainEqual({
      recipient: 'visitor',
      status: 'skipped',
      last_error: 'Not sent: the recipient withdrew consent (unsubscribe link, 2026-11-27)',
      attempts: 0,
    });
    expect(states).toContainEqual({ recipient: 'visitor', status: 'sent', last_error: null, attempts: 1 });
    // Bob's carries its own one-click link, in the text too.
    const bob = mail.sent[0]!;
    expect(bob.unsubscribeUrl).toMatch(new RegExp(`^${SITE}/unsubscribe\\?t=[\\w-]+\\.[\\w-]+$`));
    expect(readUnsubscribeToken(new URL(bob.unsubscribeUrl!).searchParams.get('t'))).toEqual({
      channel: 'email',
      address: 'bob@example.com',
    });
    expect(bob.text).toContain(bob.unsubscribeUrl);
    // 'Retry now' leaves it alone, and no later run sends it.
    expect(await retryNotifications(db, { type: 'lead', id: 'lead-1' }, new Date())).toBe(0);
    expect(await deliverDue(db, mail.transport, log)).toBe(0);
  });

  it("still sends the broker's own mail and a sign-in link the borrower asked for, without an unsubscribe link", async () => {
    const db = await database();
    await applyUnsubscribe(db, unsubscribeToken('jane@example.com'), 'one-click');
    const signIn = signInMessage({ to: 'jane@example.com', link: `${SITE}/portal/sign-in#x`, expiresAt: new Date() });
    await queue(db, [
      { ...queuedMail('jane@example.com'), payload: signIn },
      { ...queuedMail('jane@example.com'), recipient: 'broker', payload: { ...visitorMail('jane@example.com'), to: undefined } },
    ]);
    const mail = recordingMail();
    expect(await deliverDue(db, mail.transport, log)).toBe(2);
    expect(mail.sent.every((m) => m.unsubscribeUrl === undefined && !m.text.includes('/unsubscribe'))).toBe(true);
  });

  it('opens a link only for the address it was made for: a forged or altered token changes nothing', async () => {
    const db = await database();
    const token = unsubscribeToken('jane@example.com');
    const [, mac] = token.split('.');
    const forged = [
      `${Buffer.from('email:bob@example.com').toString('base64url')}.${mac}`,
      `${Buffer.from('email:bob@example.com').toString('base64url')}.${createHmac('sha256', Buffer.alloc(32, 1)).update('unsubscribe-link\0email:bob@example.com').digest('base64url')}`,
      token.slice(0, -2),
      `${token}.x`,
      '',
      'x'.repeat(700),
    ];
    for (const attempt of forged) {
      expect(readUnsubscribeToken(attempt), attempt).toBeNull();
      expect(await applyUnsubscribe(db, attempt, 'one-click')).toBe(false);
      expect(await linkState(db, attempt)).toBeNull();
    }
    expect(await db.selectFrom('consent_events').select('id').execute()).toEqual([]);
    expect(await linkState(db, token)).toEqual({ address: 'jane@example.com', withdrawal: null });
  });

  it("takes a mail app's one-click POST without cookies or Origin, and the page's buttons only from the site", async () => {
    const db = await database();
    const url = await unsubscribeEndpoint(db);
    const token = unsubscribeToken('jane@example.com');
    const post = (body: BodyInit, headers: Record<string, string> = {}, t = token) =>
      fetch(`${url}/unsubscribe?t=${t}`, { method: 'POST', body, headers, redirect: 'manual' });

    // RFC 8058: exactly this form, URL-encoded (or multipart), nothing else.
    const oneClick = await post('List-Unsubscribe=One-Click', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toMatch(/^Unsubscribed/);
    expect(await mayContact(db, { channel: 'email', address: 'Jane@example.com' })).toBe(false);
    const again = new FormData();
    again.set('List-Unsubscribe', 'One-Click');
    expect((await post(again)).status).toBe(200);
    // Posted twice, recorded once.
    expect(await db.selectFrom('consent_events').select(['source', 'event']).execute()).toEqual([
      { source: 'list-unsubscribe-post', event: 'withdrawn' },
    ]);

    // A forged link: refused, nothing recorded.
    const forged = await post(
      'List-Unsubscribe=One-Click',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      unsubscribeToken('jane@example.com').replace(/^\w/, 'A'),
    );
    expect(forged.status).toBe(400);

    // The page's button from another site (or without Origin) is refused; from the site it answers 303.
    const resubscribe = { 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await post('step=resubscribe', resubscribe)).status).toBe(403);
    expect((await post('step=resubscribe', { ...resubscribe, Origin: 'https://evil.example' })).status).toBe(403);
    expect(await mayContact(db, { channel: 'email', address: 'Jane@example.com' })).toBe(false);
    const back = await post('step=resubscribe', { ...resubscribe, Origin: SITE });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/unsubscribe?t=${token}&done=resubscribe`);
    expect(await mayContact(db, { channel: 'email', address: 'Jane@example.com' })).toBe(true);

    // Any other body, or one too large, is refused.
    expect((await post('List-Unsubscribe=One-Click&x=1', resubscribe)).status).toBe(403);
    expect((await post('{"a":1}', { 'Content-Type': 'application/json' })).status).toBe(415);
    expect((await post(`List-Unsubscribe=${'x'.repeat(5000)}`, resubscribe)).status).toBe(413);
    expect(await mayContact(db, { channel: 'email', address: 'Jane@example.com' })).toBe(true);
  });

  it('withdraws texts on a STOP signed by Twilio, stops the next text to that number, and a forged one changes nothing', async () => {
    const db = await database();
    const twilio = await twilioStandIn();

    // Forged: another token, another URL, no signature at all. Each a 403, nothing recorded.
    for (const forged of [
      twilioPost({ From: BROKER_PHONE, Body: 'STOP' }, { token: 'not-the-token' }),
      twilioPost({ From: BROKER_PHONE, Body: 'STOP' }, { url: 'https://evil.example/api/twilio/sms' }),
      { ...twilioPost({ From: BROKER_PHONE, Body: 'STOP' }), signature: null },
      {
        ...twilioPost({ From: BROKER_PHONE, Body: 'STOP' }),
        body: new URLSearchParams({ From: JANE_PHONE, Body: 'STOP' }).toString(),
      },
    ])
      expect(await answerInboundSms(db, forged)).toEqual({ status: 403, error: 'The request is not signed by Twilio.' });
    expect(await db.selectFrom('consent_events').select('id').execute()).toEqual([]);
    await queue(db, [{ subject: { type: 'lead', id: 'lead-1' }, channel: 'sms', payload: { body: 'New lead' }, at: new Date() }]);
    expect(await deliverDue(db, twilio.transport, log)).toBe(1);

    // A real STOP from the number the alerts go to: the next text is not sent.
    expect(
      await answerInboundSms(db, twilioPost({ From: BROKER_PHONE, Body: ' stop ' }), new Date('2026-11-27T10:00:00Z')),
    ).toEqual({
      status: 200,
      twiml: EMPTY_TWIML,
    });
    expect(await mayContact(db, { channel: 'sms', address: '(208) 555-0100' })).toBe(false);
    expect(await mayContact(db, { channel: 'sms', address: JANE_PHONE })).toBe(true);
    // Another number's text still goes.
    await queue(db, [
      { subject: { type: 'lead', id: 'lead-2' }, channel: 'sms', payload: { body: 'New lead 2' }, at: new Date() },
      {
        subject: { type: 'lead', id: 'lead-2' },
        channel: 'sms',
        recipient: 'visitor',
        payload: { body: 'Hi', to: JANE_PHONE },
        at: new Date(),
      },
    ]);
    expect(await deliverDue(db, twilio.transport, log)).toBe(1);
    expect(twilio.texts.map((t) => t.get('To'))).toEqual([BROKER_PHONE, JANE_PHONE]);
    expect((await statesOf(db, 'sms')).filter((n) => n.status === 'skipped')).toEqual([
      {
        recipient: 'broker',
        status: 'skipped',
        last_error: 'Not sent: the recipient withdrew consent (text reply STOP, 2026-11-27)',
        attempts: 0,
      },
    ]);

    // START gives it back: the next text goes again.
    expect((await answerInboundSms(db, twilioPost({ From: BROKER_PHONE, Body: 'START' }))).status).toBe(200);
    await queue(db, [
      { subject: { type: 'lead', id: 'lead-3' }, channel: 'sms', payload: { body: 'New lead 3' }, at: new Date() },
    ]);
    expect(await deliverDue(db, twilio.transport, log)).toBe(1);
    expect(twilio.texts).toHaveLength(3);
    // Other replies record nothing; without an auth token the webhook is not there.
    expect((await answerInboundSms(db, twilioPost({ From: JANE_PHONE, Body: 'Who is this?' }))).status).toBe(200);
    expect(await answerInboundSms(db, { ...twilioPost({ From: JANE_PHONE, Body: 'STOP' }), authToken: '' })).toMatchObject({
      status: 404,
    });
    expect(await db.selectFrom('consent_events').select(['address', 'event', 'source']).orderBy('at').execute()).toEqual([
      { address: BROKER_PHONE, event: 'withdrawn', source: 'sms-stop' },
      { address: BROKER_PHONE, event: 'given', source: 'sms-start' },
    ]);
  });

  it("records the team's Do not contact on a lead's addresses, and shows the lead's whole history", async () => {
    const db = await database();
    const { id } = await recordLead(db, contactLead('jane@example.com'), new Date('2026-11-20T10:00:00Z'));
    await answerInboundSms(db, twilioPost({ From: JANE_PHONE, Body: 'STOP' }), new Date('2026-11-21T10:00:00Z'));
    expect(
      await recordLeadConsent(
        db,
        { leadId: id, channel: 'all', event: 'withdrawn', note: 'Called: please stop', actor: 'admin' },
        new Date('2026-11-22T10:00:00Z'),
      ),
    ).toEqual({ ok: true, recorded: 2 });
    expect(
      await recordLeadConsent(db, { leadId: 'gone', channel: 'email', event: 'withdrawn', note: null, actor: 'admin' }),
    ).toEqual({
      ok: false,
      reason: 'gone',
    });

    const history = (await leadConsentHistory(db, id))!;
    expect(history).toMatchObject({
      email: 'jane@example.com',
      phone: JANE_PHONE,
      given: { page: '/contact', at: '2026-11-20T10:00:00.000Z' },
      current: { email: false, sms: false },
    });
    expect(history.given!.text).toMatch(/^I agree to receive calls and text messages/);
    // Oldest first (the team's two records of one moment in either order).
    expect(history.events.map((e) => [e.at, e.address, e.channel, e.event, e.source, e.note, e.actor]).sort()).toEqual([
      ['2026-11-21T10:00:00.000Z', JANE_PHONE, 'sms', 'withdrawn', 'sms-stop', null, null],
      ['2026-11-22T10:00:00.000Z', JANE_PHONE, 'all', 'withdrawn', 'team', 'Called: please stop', 'admin'],
      ['2026-11-22T10:00:00.000Z', 'jane@example.com', 'all', 'withdrawn', 'team', 'Called: please stop', 'admin'],
    ]);
    expect(history.events[0]!.source).toBe('sms-stop');
    // Given again by e-mail only: e-mail may go, texts still may not.
    await recordLeadConsent(db, { leadId: id, channel: 'email', event: 'given', note: null, actor: 'admin' });
    expect((await leadConsentHistory(db, id))!.current).toEqual({ email: true, sms: false });
  });

  it("exports and deletes a person's consent records with the rest of their data, and only theirs", async () => {
    const db = await database();
    const { id } = await recordLead(db, contactLead('jane@example.com'));
    await applyUnsubscribe(db, unsubscribeToken('jane@example.com'), 'one-click');
    await answerInboundSms(db, twilioPost({ From: JANE_PHONE, Body: 'STOP' }));
    await recordLeadConsent(db, { leadId: id, channel: 'email', event: 'withdrawn', note: 'By letter', actor: 'admin' });
    await applyUnsubscribe(db, unsubscribeToken('bob@example.com'), 'one-click');
    await recordConsentEvent(db, {
      kind: 'phone',
      address: BROKER_PHONE,
      channel: 'sms',
      event: 'withdrawn',
      source: 'sms-stop',
    });

    const exported = await exportPersonData(db, 'jane@example.com');
    expect(exported.counts.consentEvents).toBe(3);
    expect(exported.consentEvents.map((e) => [e.address, e.source, e.note]).sort()).toEqual([
      [JANE_PHONE, 'sms-stop', null],
      ['jane@example.com', 'list-unsubscribe-post', null],
      ['jane@example.com', 'team', 'By letter'],
    ]);

    const deleted = await deletePersonData(db, 'jane@example.com');
    expect(deleted).toMatchObject({ leads: 1, consentEvents: 3 });
    expect((await db.selectFrom('consent_events').select('address').orderBy('address').execute()).map((r) => r.address)).toEqual([
      BROKER_PHONE,
      'bob@example.com',
    ]);
    expect((await exportPersonData(db, 'jane@example.com')).counts.consentEvents).toBe(0);
  });

  it('sends the auto-reply to a real SMTP peer with List-Unsubscribe headers; its one-click POST stops the next one', async () => {
    const db = await database();
    const smtp = await startSmtp();
    cleanups.push(smtp.stop);
    Object.assign(env, { SMTP_URL: smtp.url, MAIL_FROM: 'site@loans.example', MAIL_TO: 'broker@loans.example' });
    await setPostalAddress(db);
    const transport = smtpTransport({ url: smtp.url, from: 'site@loans.example', to: 'broker@loans.example' });
    cleanups.push(async () => transport.close?.());

    await recordLead(db, contactLead('jane@example.com'));
    expect(await deliverDue(db, transport, log)).toBe(2);
    const reply = smtp.mails.find((m) => m.to.includes('jane@example.com'))!;
    const broker = smtp.mails.find((m) => m.to.includes('broker@loans.example'))!;
    expect(reply.headers['list-unsubscribe']).toMatch(new RegExp(`^<${SITE}/unsubscribe\\?t=[\\w-]+\\.[\\w-]+>$`));
    expect(reply.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = reply.headers['list-unsubscribe']!.slice(1, -1);
    expect(reply.text).toContain(link);
    // The broker's own alert has none.
    expect(broker.headers['list-unsubscribe']).toBeUndefined();

    // The mail app's Unsubscribe button, as RFC 8058 has it post: no cookie, no Origin.
    const url = await unsubscribeEndpoint(db);
    const path = link.slice(SITE.length);
    const posted = await fetch(`${url}${path}`, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);

    // Her next form's auto-reply is not sent; the broker still hears of the lead.
    await recordLead(db, contactLead('jane@example.com'));
    expect(await deliverDue(db, transport, log)).toBe(1);
    expect(smtp.mails.filter((m) => m.to.includes('jane@example.com'))).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes('broker@loans.example'))).toHaveLength(2);
  });
});

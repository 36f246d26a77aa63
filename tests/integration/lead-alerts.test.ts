import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { env } from '../../lib/env.server';
import { leadUpdated } from '../../lib/leads/lead-events.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { recipientDeliveries, resendWebhook, subjectDeliveries } from '../../lib/notifications/deliveries.server';
import { twilioTransport } from '../../lib/notifications/transports/twilio.server';
import { webhookTransport } from '../../lib/notifications/transports/webhook.server';
import { createEndpoint, deleteEndpoint, setEndpointEnabled } from '../../lib/webhooks/endpoints.server';
import type { WebhookEvent } from '../../lib/webhooks/events';
import { engines } from '../support/engines';
import { listen, serversOfEachTest } from '../support/http-server';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';
import { testTls } from '../support/test-tls';

/**
 * Lead alerts beyond the e-mail, on a real database and against local stand-ins: the Twilio text
 * (a form post with Basic auth) and Standard Webhooks, each request verified with the
 * `standardwebhooks` package, retried with the same webhook-id after a 500, resent on demand.
 */

const servers = serversOfEachTest();
const cleanups: (() => Promise<void>)[] = [];
const saved = { ...env };
beforeEach(() => {
  Object.assign(env, {
    SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
    SITE_URL: 'https://loans.example',
    ALERT_SMS_TO: '+12085550100',
    LEAD_WEBHOOK_URL: undefined,
    LEAD_WEBHOOK_SECRET: undefined,
    // The receivers here are local stand-ins: a private target, allowed as for an intranet receiver.
    OUTBOUND_ALLOW_PRIVATE: true,
  });
});
afterEach(async () => {
  Object.assign(env, saved);
  await servers.closeAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn() };

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A receiver answering each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = servers.track(
    await listen((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(statuses.shift() ?? 200).end();
      });
    }),
  );
  return { url: `${server.url}/hook`, received };
}

const application = (fields = fullApplication) => ({
  kind: 'application' as const,
  fields,
  page: '/apply',
  consent: true,
  spamReason: null,
  clientAddress: '203.0.113.9',
  userAgent: 'test',
});

/** An endpoint as Integrations adds it (the test never reaches the limit). */
async function addEndpoint(trx: DB, input: { url: string; description: string; events: WebhookEvent[] }) {
  const made = await createEndpoint(trx, input, new Date());
  if (made === 'full') throw new Error('No room for another endpoint');
  return made;
}

/** An https receiver on 127.0.0.1 (the test certificate, tests/support/test-tls.ts) answering with `respond`. */
async function tlsReceiver(respond: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer(testTls(), (req, res) => {
    req.resume();
    req.on('end', () => {
      hits.push(req.url ?? '');
      respond(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `https://127.0.0.1:${port}`;
  servers.track({ url, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return { url, port, hits };
}

function verified(secret: string, request: Received) {
  const headers = {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  };
  // Throws unless the signature is the endpoint's over id.timestamp.body, and the time is fresh.
  return new Webhook(secret).verify(request.body, headers) as { type: string; data: Record<string, unknown> };
}

describe.each(engines)('lead alerts on %s', (_engine, open) => {
  async function setup(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle.db;
  }

  const later = (minutes: number) => () => new Date(Date.now() + minutes * 60_000);

  it('texts the broker through Twilio: a form post with Basic auth, kind, name and a link to the lead', async () => {
    const db = await setup();
    const posts: { path: string; auth: string; form: URLSearchParams; type: string }[] = [];
    const twilio = servers.track(
      await listen((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          posts.push({
            path: req.url ?? '',
            auth: req.headers.authorization ?? '',
            form: new URLSearchParams(body),
            type: req.headers['content-type'] ?? '',
          });
          res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"sid":"SM1","status":"queued"}');
        });
      }),
    );
    const { id } = await recordLead(db, application());
    const transport = twilioTransport({
      apiUrl: twilio.url,
      accountSid: 'AC123',
      authToken: 'tok',
      from: '+12085550199',
      to: '+12085550100',
    });
    expect(await deliverDue(db, transport, log)).toBe(1);

    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post!.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(post!.type).toBe('application/x-www-form-urlencoded');
    expect(post!.auth).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    expect(post!.form.get('To')).toBe('+12085550100');
    expect(post!.form.get('From')).toBe('+12085550199');
    expect(post!.form.get('Body')).toBe(`New Detailed Application: Jane Builder. https://loans.example/admin/leads?lead=${id}`);
    const [sms] = (await subjectDeliveries(db, { type: 'lead', id })).filter((d) => d.channel === 'sms');
    expect(sms).toMatchObject({ status: 'sent', recipient: 'broker', attempts: [{ transport: 'twilio', ok: true }] });
  });

  it('marks a text Twilio refuses as failed at once, with Twilio’s reason', async () => {
    const db = await setup();
    const twilio = servers.track(
      await listen((_req, res) => {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"code":21211,"message":"Invalid To Phone Number"}');
      }),
    );
    const { id } = await recordLead(db, application());
    const transport = twilioTransport({ apiUrl: twilio.url, accountSid: 'AC1', authToken: 't', from: '+1', to: '+2' });
    expect(await deliverDue(db, transport, log)).toBe(0);
    const [sms] = (await subjectDeliveries(db, { type: 'lead', id })).filter((d) => d.channel === 'sms');
    expect(sms).toMatchObject({ status: 'failed', lastError: 'Twilio 400: Invalid To Phone Number (error 21211)' });
  });

  it('signs lead.created for each subscribed endpoint; a 500 is retried with the same webhook-id', async () => {
    const db = await setup();
    const flaky = await receiver([500]);
    const steady = await receiver();
    const other = await receiver();
    const [a, b] = await db
      .transaction()
      .execute(async (trx) => [
        await addEndpoint(trx, { url: flaky.url, description: 'CRM', events: ['lead.created'] }),
        await addEndpoint(trx, { url: steady.url, description: 'Zapier', events: ['lead.created', 'lead.updated'] }),
        await addEndpoint(trx, { url: other.url, description: 'Updates only', events: ['lead.updated'] }),
      ]);
    expect(a!.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The secret is stored sealed, never as given.
    const stored = await db.selectFrom('webhook_endpoints').select('secret').where('id', '=', a!.id).executeTakeFirstOrThrow();
    expect(stored.secret).not.toContain(a!.secret.slice(6));

    const { id } = await recordLead(db, application());
    const transport = webhookTransport(async () => db);
    expect(await deliverDue(db, transport, log)).toBe(1);
    expect(flaky.received).toHaveLength(1);
    expect(steady.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);

    const event = verified(b!.secret, steady.received[0]!);
    expect(event.type).toBe('lead.created');
    expect(event.data).toMatchObject({
      id,
      kind: 'application',
      status: 'new',
      name: 'Jane Builder',
      email: 'jane@example.com',
      phone: '208-555-0142',
      page: '/apply',
      fields: fullApplication,
    });
    expect(typeof event.data.submittedAt).toBe('string');
    // Stored without attribution ('{}'): an empty source, never a missing one.
    expect(event.data.source).toEqual({});
    // Another endpoint's secret does not verify it.
    expect(() => verified(a!.secret, steady.received[0]!)).toThrow();

    const [failing] = await recipientDeliveries(db, `webhook:${a!.id}`);
    expect(failing).toMatchObject({
      status: 'failing',
      lastError: 'Webhook answered 500 Internal Server Error',
      event: 'lead.created',
    });
    // Due again after the outbox's backoff (30 s): the retry carries the same id, signed anew.
    expect(await deliverDue(db, transport, log, later(1))).toBe(1);
    expect(flaky.received).toHaveLength(2);
    const [first, retry] = flaky.received;
    expect(retry!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(retry!.body).toBe(first!.body);
    expect(verified(a!.secret, first!).type).toBe('lead.created');
    expect(verified(a!.secret, retry!).type).toBe('lead.created');
    const [delivered] = await recipientDeliveries(db, `webhook:${a!.id}`);
    expect(delivered!.status).toBe('sent');
    expect(delivered!.attempts.map((t) => t.ok)).toEqual([false, true]);

    // 'Resend' sends the same message once more.
    expect(await resendWebhook(db, delivered!.id, new Date())).toEqual({ leadId: id });
    expect(await deliverDue(db, transport, log)).toBe(1);
    expect(flaky.received).toHaveLength(3);
    expect(flaky.received[2]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(await resendWebhook(db, 'no-such-delivery', new Date())).toBeNull();
  });

  it('carries the lead’s attribution as source, and sends lead.updated from leadUpdated()', async () => {
    const db = await setup();
    const hook = await receiver();
    const { id: endpoint, secret } = await db
      .transaction()
      .execute((trx) => addEndpoint(trx, { url: hook.url, description: '', events: ['lead.updated'] }));
    const { id } = await recordLead(db, application());
    const attribution = {
      first: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'fall', landing: '/', at: '2026-11-20T00:00:00.000Z' },
      last: { referrer: 'google.com', landing: '/rates', at: '2026-11-21T00:00:00.000Z' },
    };
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('leads')
        .set({ status: 'contacted', attribution: JSON.stringify(attribution) })
        .where('id', '=', id)
        .execute();
      await leadUpdated(trx, { leadId: id, changed: ['status'], at: new Date() });
    });
    expect(
      await deliverDue(
        db,
        webhookTransport(async () => db),
        log,
      ),
    ).toBe(1);
    const event = verified(secret, hook.received[0]!);
    expect(event).toMatchObject({ type: 'lead.updated', data: { id, status: 'contacted', source: attribution } });

    // A lead marked spam tells no one.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('leads').set({ status: 'spam', is_spam: 1 }).where('id', '=', id).execute();
      await leadUpdated(trx, { leadId: id, changed: ['status'], at: new Date() });
    });
    expect(await recipientDeliveries(db, `webhook:${endpoint}`)).toHaveLength(1);
  });

  it('sends nothing to a turned-off endpoint, and fails a deleted one’s waiting deliveries', async () => {
    const db = await setup();
    const hook = await receiver();
    const { id: endpoint } = await db
      .transaction()
      .execute((trx) => addEndpoint(trx, { url: hook.url, description: '', events: ['lead.created'] }));
    await recordLead(db, application());
    await db.transaction().execute((trx) => setEndpointEnabled(trx, endpoint, false, new Date()));
    // Written while it was on, sent after it was turned off: failed, not retried.
    expect(
      await deliverDue(
        db,
        webhookTransport(async () => db),
        log,
      ),
    ).toBe(0);
    expect((await recipientDeliveries(db, `webhook:${endpoint}`))[0]).toMatchObject({
      status: 'failed',
      lastError: 'The endpoint is turned off',
    });
    // Turned off: a new lead queues nothing for it.
    await recordLead(db, application());
    expect(await recipientDeliveries(db, `webhook:${endpoint}`)).toHaveLength(1);

    await db.transaction().execute((trx) => setEndpointEnabled(trx, endpoint, true, new Date()));
    await recordLead(db, application());
    expect(await db.transaction().execute((trx) => deleteEndpoint(trx, endpoint, new Date()))).toBe(hook.url);
    const deliveries = await recipientDeliveries(db, `webhook:${endpoint}`);
    expect(deliveries.map((d) => [d.status, d.lastError])).toEqual([
      ['failed', 'The endpoint was deleted'],
      ['failed', 'The endpoint is turned off'],
    ]);
    expect(hook.received).toHaveLength(0);
  });

  it('sends every event to the endpoint LEAD_WEBHOOK_URL configures', async () => {
    const db = await setup();
    const hook = await receiver();
    const secret = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
    Object.assign(env, { LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: secret });
    const { id } = await recordLead(db, application());
    await db.transaction().execute((trx) => leadUpdated(trx, { leadId: id, changed: ['notes'], at: new Date() }));
    expect(
      await deliverDue(
        db,
        webhookTransport(async () => db),
        log,
      ),
    ).toBe(2);
    expect(hook.received.map((r) => verified(secret, r).type).sort()).toEqual(['lead.created', 'lead.updated']);
    expect((await subjectDeliveries(db, { type: 'lead', id })).map((d) => `${d.channel} ${d.recipient}`)).toEqual([
      'email broker',
      'sms broker',
      'webhook webhook:env',
      'webhook webhook:env',
    ]);
  });

  it('holds every alert of suspected spam', async () => {
    const db = await setup();
    const hook = await receiver();
    await db.transaction().execute((trx) => addEndpoint(trx, { url: hook.url, description: '', events: ['lead.created'] }));
    const { id } = await recordLead(db, { ...application(), spamReason: 'honeypot' });
    const deliveries = await subjectDeliveries(db, { type: 'lead', id });
    expect(deliveries.map((d) => [d.channel, d.status])).toEqual([
      ['email', 'skipped'],
      ['sms', 'skipped'],
      ['webhook', 'skipped'],
    ]);
    expect(await resendWebhook(db, deliveries[2]!.id, new Date())).toBeNull();
  });

  it('never posts to a private address an endpoint resolves to: refused at connect time, not retried', async () => {
    const db = await setup();
    Object.assign(env, { OUTBOUND_ALLOW_PRIVATE: false });
    const hook = await tlsReceiver((_req, res) => res.end('ok'));
    // A name that resolves to 127.0.0.1 (an endpoint stored before the rule, or a DNS name the owner controls).
    const { id: endpoint } = await db
      .transaction()
      .execute((trx) =>
        addEndpoint(trx, { url: `https://localhost:${hook.port}/hook`, description: '', events: ['lead.created'] }),
      );
    await recordLead(db, application());
    expect(
      await deliverDue(
        db,
        webhookTransport(async () => db),
        log,
      ),
    ).toBe(0);
    const [delivery] = await recipientDeliveries(db, `webhook:${endpoint}`);
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(delivery!.lastError).toMatch(/^Webhook not sent: localhost \((127\.0\.0\.1|::1)\) is a loopback address/);
    expect(hook.hits).toEqual([]);
  });

  it('never follows a redirect to the metadata address, and reads only a few KB of an endless answer', async () => {
    const db = await setup();
    const metadataHits: string[] = [];
    const metadata = servers.track(
      await listen((req, res) => {
        metadataHits.push(req.url ?? '');
        res.end('{"AccessKeyId":"secret"}');
      }),
    );
    let answer = 'redirect';
    const hook = await tlsReceiver((_req, res) => {
      if (answer === 'redirect') return res.writeHead(307, { Location: `${metadata.url}/latest/meta-data/` }).end();
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      const chunk = 'x'.repeat(16_384);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const { id: endpoint } = await db
      .transaction()
      .execute((trx) => addEndpoint(trx, { url: `${hook.url}/hook`, description: '', events: ['lead.created'] }));
    await recordLead(db, application());
    const transport = webhookTransport(async () => db);
    expect(await deliverDue(db, transport, log)).toBe(0);
    const [redirected] = await recipientDeliveries(db, `webhook:${endpoint}`);
    expect(redirected).toMatchObject({
      status: 'failed',
      lastError: 'Webhook answered 307 Temporary Redirect; redirects are never followed: give the endpoint its final address',
    });
    expect(metadataHits).toEqual([]);

    // An answer that never ends: the attempt ends after a few KB, as a failure to retry.
    answer = 'endless';
    expect(await resendWebhook(db, redirected!.id, new Date())).toEqual({ leadId: redirected!.subjectId });
    expect(await deliverDue(db, transport, log)).toBe(0);
    const [endless] = await recipientDeliveries(db, `webhook:${endpoint}`);
    expect(endless).toMatchObject({ status: 'failing', lastError: 'Webhook answered 500 Internal Server Error' });
    expect(hook.hits).toHaveLength(2);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { sealAtRestOnce } from '../../lib/setup/seal-at-rest.server';
import { env } from '../../lib/env.server';
import type { NewLead } from '../../lib/leads/lead-row';
import { recipientDeliveries, resendWebhook } from '../../lib/notifications/deliveries.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { isSealedPayload, openPayload } from '../../lib/notifications/sealed-payload.server';
import { pushTransport } from '../../lib/notifications/transports/push.server';
import { smtpTransport } from '../../lib/notifications/transports/smtp.server';
import type { Transport } from '../../lib/notifications/transports/types';
import { webhookTransport } from '../../lib/notifications/transports/webhook.server';
import type { NotificationMessage } from '../../lib/notifications/types';
import { deletePersonData } from '../../lib/privacy/delete.server';
import { personEmailSchema } from '../../lib/privacy/email-match';
import { exportPersonData } from '../../lib/privacy/export.server';
import { findPersonRecords } from '../../lib/privacy/find.server';
import { saveSubscription } from '../../lib/push/subscriptions.server';
import { createEndpoint } from '../../lib/webhooks/endpoints.server';
import { scanDatabase } from '../support/database-scan';
import { engines } from '../support/engines';
import { listen, serversOfEachTest } from '../support/http-server';
import { fullApplication } from '../support/lead-data';
import { recordLead } from '../support/leads';
import { startSmtp } from '../support/mail';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 23).toString('base64');
});

/**
 * Issue 30, point 6, for the outbox: every notification about a lead carries what the visitor
 * typed (the broker's e-mail the whole summary, a webhook every field, a push the loan amount) and
 * is kept after it is sent, so its payload is sealed whole at rest. Here a lead with marker figures
 * leaves no marker in any notification row, before or after sending, while a real SMTP peer, a
 * webhook receiver (and 'Resend') and the push fan-out still get the figures; start-up seals
 * payloads stored before (lib/setup/seal-at-rest.server.ts); privacy requests still find, export and cut addresses inside them.
 */

const cleanups: (() => Promise<void> | void)[] = [];
const servers = serversOfEachTest();
const saved = { ...env };
beforeEach(() => {
  Object.assign(env, {
    SITE_URL: 'https://loans.example',
    ALERT_SMS_TO: '+12085550100',
    LEAD_WEBHOOK_URL: undefined,
    LEAD_WEBHOOK_SECRET: undefined,
    // The webhook receiver here is a local stand-in: a private target, allowed as for an intranet receiver.
    OUTBOUND_ALLOW_PRIVATE: true,
  });
});
afterEach(async () => {
  Object.assign(env, saved);
  await servers.closeAll();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const log = { info: vi.fn(), warn: vi.fn() };

const INCOME = '731909';
const LOAN = '864213';
/**
 * The figures as typed (not inside a longer hex run: ids are hex) and as the summary and the push
 * alert format them.
 */
const MARKER = /(?<![0-9a-f])(?:731909|864213)(?![0-9a-f])|731,909|864,213/i;
const holdsMarker = (text: string) => MARKER.test(text);

const application = (email = 'jane@example.com', name = 'Jane Builder'): NewLead => ({
  kind: 'application',
  fields: { ...fullApplication, borrowerName: name, email, monthlyIncome: INCOME, loanAmount: LOAN },
  page: '/apply',
  consent: true,
  spamReason: null,
  clientAddress: '198.51.100.7',
  userAgent: 'test',
});

const contact = (name: string, email: string, message: string): NewLead => ({
  kind: 'contact',
  fields: { from_name: name, from_email: email, phone: '', message },
  page: '/contact',
  consent: true,
  spamReason: null,
  clientAddress: '198.51.100.8',
  userAgent: 'test',
});

/** The outbox's tables where a marker is found (the leads table is sealed by its own code). */
async function outboxHits(db: DB, matches: (text: string) => boolean = holdsMarker) {
  const { hits } = await scanDatabase(db, matches);
  return hits.filter((hit) => hit.table.startsWith('notification'));
}

/** A receiver that records each request's body and answers 200. */
async function receiver() {
  const bodies: string[] = [];
  const server = servers.track(
    await listen((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200).end();
      });
    }),
  );
  return { url: `${server.url}/hook`, bodies };
}

async function smtpPeer() {
  const smtp = await startSmtp();
  cleanups.push(smtp.stop);
  const transport = smtpTransport({ url: smtp.url, from: 'web@loans.example', to: 'broker@loans.example' });
  cleanups.push(async () => transport.close?.());
  return { mails: smtp.mails, transport };
}

describe.each(engines)('lead notifications sealed at rest on %s', (_engine, open) => {
  async function database(): Promise<DB> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    const stamp = new Date().toISOString();
    await handle.db
      .insertInto('admin_users')
      .values({ id: 'admin', email: null, role: 'owner', password_hash: 'x', created_at: stamp, updated_at: stamp })
      .execute();
    return handle.db;
  }

  it('stores no figure of a lead in the outbox, and the worker still sends, resends and fans them out', async () => {
    const db = await database();
    const now = new Date();
    await saveSubscription(
      db,
      'admin',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/phone', p256dh: 'key', auth: 'secret', userAgent: 'Phone' },
      now,
    );
    const hook = await receiver();
    const endpoint = await db
      .transaction()
      .execute((trx) => createEndpoint(trx, { url: hook.url, description: 'CRM', events: ['lead.created'] }, now));
    if (endpoint === 'full') throw new Error('No room for an endpoint');

    const { id } = await recordLead(db, application(), now);
    const rows = await db.selectFrom('notifications').select(['channel', 'payload']).where('subject_id', '=', id).execute();
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'push', 'sms', 'webhook']);
    for (const row of rows) expect(row.payload).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await outboxHits(db)).toEqual([]);
    // Nor the name: a push and a text carry it, and they are sealed like the rest.
    expect(await outboxHits(db, (text) => text.includes('Jane Builder'))).toEqual([]);

    // The broker's e-mail reaches a real SMTP peer with every figure.
    const smtp = await smtpPeer();
    expect(await deliverDue(db, smtp.transport, log)).toBe(1);
    expect(smtp.mails[0]!.text).toContain('Monthly Income: $731,909');
    expect(smtp.mails[0]!.text).toContain('Desired Loan Amount: $864,213');

    // The webhook, its event type in the delivery log, and 'Resend' of the same bytes.
    const webhooks = webhookTransport(async () => db);
    expect(await deliverDue(db, webhooks, log)).toBe(1);
    expect((JSON.parse(hook.bodies[0]!) as { data: { fields: object } }).data.fields).toMatchObject({
      monthlyIncome: INCOME,
      loanAmount: LOAN,
    });
    const [delivery] = await recipientDeliveries(db, `webhook:${endpoint.id}`);
    expect(delivery).toMatchObject({ status: 'sent', event: 'lead.created' });
    expect(await resendWebhook(db, delivery!.id, new Date())).toEqual({ leadId: id });
    expect(await deliverDue(db, webhooks, log)).toBe(1);
    expect(hook.bodies).toHaveLength(2);
    expect(hook.bodies[1]).toBe(hook.bodies[0]);

    // The push fan-out: the transport's own expansion into one alert per device, which stays sealed.
    const pushed: unknown[] = [];
    const push: Transport<'push'> = {
      ...pushTransport(async () => db, { subject: 'https://loans.example' }),
      async send(payload) {
        pushed.push(payload);
      },
    };
    expect(await deliverDue(db, push, log)).toBe(1);
    expect(pushed).toEqual([expect.objectContaining({ body: 'Jane Builder · $864,213' })]);
    const devices = await db.selectFrom('notifications').select(['recipient', 'payload']).where('channel', '=', 'push').execute();
    expect(devices.map((d) => d.recipient)).toEqual(['user:admin']);
    expect(isSealedPayload(devices[0]!.payload)).toBe(true);

    // Sent, logged and resent: still nothing readable in the outbox.
    expect(await outboxHits(db)).toEqual([]);
  });

  it('fails for good a sealed payload copied from another notification: it does not open there', async () => {
    const db = await database();
    const { id } = await recordLead(db, application());
    const [mail] = await db
      .selectFrom('notifications')
      .select(['id', 'payload'])
      .where('subject_id', '=', id)
      .where('channel', '=', 'email')
      .execute();
    const other = { ...mail!, id: 'copied-here' };
    expect(openPayload(other)).toBeNull();
    await db.updateTable('notifications').set({ id: other.id }).where('id', '=', mail!.id).execute();
    const smtp = await smtpPeer();
    expect(await deliverDue(db, smtp.transport, log)).toBe(0);
    expect(smtp.mails).toEqual([]);
    expect(await db.selectFrom('notifications').select(['status', 'last_error']).where('id', '=', other.id).execute()).toEqual([
      { status: 'failed', last_error: 'This message is sealed and does not open with this SECRET_KEY' },
    ]);
  });

  it('start-up seals, once, the payloads of lead notifications stored before; the worker then sends them', async () => {
    const db = await database();

    const stamp = new Date(Date.now() - 60_000).toISOString();
    const message = (subject: string, text: string) =>
      JSON.stringify({ subject, text, fromName: 'Jane', fromEmail: 'jane@example.com' });
    const plain = {
      'n-lead': message('New Construction Loan Application', 'Monthly Income: $731,909'),
      'n-hook': JSON.stringify({
        endpointId: 'e1',
        messageId: 'msg_1',
        type: 'lead.created',
        body: `{"monthlyIncome":"${INCOME}"}`,
      }),
      'n-payment': message('Payment Received', 'Paid: $495.00'),
    };
    const row = (id: keyof typeof plain, subject: string, channel: string, status: string) => ({
      id,
      subject_type: subject,
      subject_id: `${subject}-1`,
      channel,
      payload: plain[id],
      status,
      attempts: status === 'sent' ? 1 : 0,
      next_attempt_at: status === 'sent' ? null : stamp,
      sent_at: status === 'sent' ? stamp : null,
      created_at: stamp,
      updated_at: stamp,
    });
    await db
      .insertInto('notifications')
      .values([
        row('n-lead', 'lead', 'email', 'waiting'),
        row('n-hook', 'lead', 'webhook', 'sent'),
        row('n-payment', 'payment', 'email', 'waiting'),
      ])
      .execute();

    const stored = async () =>
      Object.fromEntries(
        (await db.selectFrom('notifications').select(['id', 'payload']).execute()).map((r) => [r.id, r.payload]),
      ) as Record<keyof typeof plain, string>;
    expect(await sealAtRestOnce(db)).toEqual({ leads: 0, drafts: 0, notifications: 2 });
    const sealed = await stored();
    expect(isSealedPayload(sealed['n-lead'])).toBe(true);
    expect(isSealedPayload(sealed['n-hook'])).toBe(true);
    // A payment's notice carries no lead's fields: left as it was.
    expect(sealed['n-payment']).toBe(plain['n-payment']);
    expect(await outboxHits(db)).toEqual([]);
    // Sealed as the app seals: the app opens them.
    expect(openPayload({ id: 'n-lead', payload: sealed['n-lead'] })).toBe(plain['n-lead']);
    expect(openPayload({ id: 'n-hook', payload: sealed['n-hook'] })).toBe(plain['n-hook']);

    // Done once: a later start finds the mark and reads nothing.
    expect(await sealAtRestOnce(db)).toBeNull();

    const smtp = await smtpPeer();
    expect(await deliverDue(db, smtp.transport, log)).toBe(2);
    expect(smtp.mails.map((m) => m.text).sort()).toEqual(['Monthly Income: $731,909', 'Paid: $495.00']);
  });

  it('privacy requests open sealed payloads: find the mentions inside, export them opened, cut the address and seal again', async () => {
    const db = await database();
    const ANN = 'ann.person@example.org';
    const ann = await recordLead(db, application(ANN, 'Ann Person'));
    const pat = await recordLead(db, contact('Pat Friend', 'pat@example.net', `Please also write to my wife at ${ANN}.`));
    const patMail = await db
      .selectFrom('notifications')
      .select(['id', 'payload'])
      .where('subject_id', '=', pat.id)
      .where('channel', '=', 'email')
      .executeTakeFirstOrThrow();
    expect(isSealedPayload(patMail.payload)).toBe(true);
    const holdsAnn = (text: string) => text.toLowerCase().includes(ANN);
    // SQL sees no address in a sealed payload...
    expect(await outboxHits(db, holdsAnn)).toEqual([]);

    // ...so the request opens those of the leads that name it.
    const found = await findPersonRecords(db, personEmailSchema.parse(ANN));
    expect(found.leadIds).toEqual([ann.id]);
    expect(found.mentions).toContainEqual({ table: 'notifications', id: patMail.id, columns: ['payload'] });
    const annNotifications = await db.selectFrom('notifications').select('id').where('subject_id', '=', ann.id).execute();
    expect(found.notificationIds.sort()).toEqual(annNotifications.map((n) => n.id).sort());

    const data = await exportPersonData(db, personEmailSchema.parse(ANN));
    const mail = data.notifications.find((n) => n.channel === 'email')!;
    expect((mail.payload as NotificationMessage).text).toContain('Monthly Income: $731,909');
    expect(JSON.stringify(data)).not.toContain('pat@example.net');

    await deletePersonData(db, personEmailSchema.parse(ANN));
    const after = await db
      .selectFrom('notifications')
      .select(['id', 'payload'])
      .where('id', '=', patMail.id)
      .executeTakeFirstOrThrow();
    expect(isSealedPayload(after.payload)).toBe(true);
    const text = (JSON.parse(openPayload(after)!) as NotificationMessage).text;
    expect(text).toContain('Please also write to my wife at [e-mail deleted].');
    expect(text).not.toContain(ANN);
    // Nothing of Ann's left anywhere: her lead, its notifications and figures are gone.
    expect((await scanDatabase(db, (t) => holdsAnn(t) || holdsMarker(t))).hits).toEqual([]);

    // Pat's e-mail still goes out, without the address.
    const smtp = await smtpPeer();
    await deliverDue(db, smtp.transport, log);
    const patSent = smtp.mails.find((m) => m.text.includes('Pat Friend'))!;
    expect(patSent.text).toContain('[e-mail deleted]');
  });
});

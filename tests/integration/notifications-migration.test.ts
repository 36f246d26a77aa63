import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { migrations } from '../../lib/db/migrations';
import { getLead, listNotificationAttempts } from '../../lib/leads/queries.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { openPayload } from '../../lib/notifications/sealed-payload.server';
import { listPayments } from '../../lib/payments/store.server';
import { emptyEngines } from '../support/engines';

/**
 * Migration 0007 on a database written by the release before it: leads with notifications in
 * every state and their attempts, and a payment notice posing as a lead. Everything moves to the
 * notifications outbox with its id and state; the payment leads go.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the rows of the schema as it was at 0006 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const migrator = (db: DB) => new Migrator({ db, provider: { getMigrations: async () => migrations } });
/** Applies migrations up to 0007 (later ones are not this test's subject); returns their names. */
const migrateTo0007 = async (db: DB) => {
  const { error, results } = await migrator(db).migrateTo('0007_notifications_outbox');
  if (error) throw error;
  return (results ?? []).map((r) => r.migrationName);
};

/**
 * An application as the release before 0007 stored it, and the e-mail 0007 renders for it, written
 * out: the migration's renderers are frozen (lib/db/migrations/0007_frozen-messages.ts), so this
 * text must stay what it is whatever the app's own summary becomes.
 */
const CONSENT = 'I agree to be contacted by phone and text.';
const applicationFields = {
  projectDescription: 'Two-story custom home',
  ownLand: 'yes',
  landPurchasePrice: '120000',
  landBalance: '45000.50',
  landEstimatedValue: '$150,000',
  needLandLoan: 'no',
  constructionCosts: '650000',
  builderStatus: 'owner-builder',
  loanAmount: 'about 700k',
  buildStartDate: 'Spring 2027',
  propertyAddress: '12 Oak Lane, Boise, ID 83702',
  borrowerName: 'Jane Builder',
  borrowerAddress: '400 Main St, Boise, ID 83702',
  email: 'jane@example.com',
  phone: '208-555-0142',
  monthlyIncome: '18500',
  liquidAssets: '240000',
  mortgageRent: '2100',
  ownedProperties: ' ',
  employer: 'Acme Engineering',
  loanType: 'fixed-arm',
  creditScore: '760',
};
const applicationEmailText = `New Construction Loan Application

PROJECT INFORMATION
Project Description: Two-story custom home
Owns Land: Yes
Land Purchase Price: $120,000
Land Balance: $45,001
Land Estimated Value: $150,000
Land Search Price Range: 
Needs Land Loan: No
Construction Costs: $650,000
Builder Status: I am a qualified owner-builder
Desired Loan Amount: $0
Build Start Date: Spring 2027
Prepaids: N/A

BORROWER APPLICATION
Property Address: 12 Oak Lane, Boise, ID 83702
Borrower Name: Jane Builder
Borrower Address: 400 Main St, Boise, ID 83702
Email: jane@example.com
Phone: 208-555-0142
Monthly Income: $18,500
Monthly Bills (excluding utilities): $0
Liquid Assets: $240,000
Mortgage/Rent: $2,100
Owned Properties: N/A
Employer: Acme Engineering
Business: N/A
Loan Type: Fixed ARM Product
Credit Score: 760

---
Submitted: 2026-11-21T10:00:00.000Z
Page: /apply
Consent to calls and texts: given 2026-11-21T10:00:00.000Z on /apply: "${CONSENT}"`;

const T = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;
const contactFields = { from_name: 'Sam Contact', from_email: 'sam@example.com', phone: '555-0100', message: 'Call me.' };
const paymentFields = {
  name: 'Pat Payer',
  email: 'pat@example.com',
  plan: 'standard',
  amount: '$495.00',
  status: 'paid',
  checkout_session_id: 'cs_old_1',
  payment_intent_id: 'pi_old_1',
};

/** The notifications as the lead outbox held them at 0006: [id, lead, status, attempts, next, error, sent]. */
const OLD_NOTIFICATIONS = [
  ['n-app', 'lead-app', 'sent', 1, null, null, T(1)],
  ['n-contact', 'lead-contact', 'failing', 2, T(9), 'SMTP: ECONNREFUSED', null],
  ['n-spam', 'lead-spam', 'skipped', 0, null, null, null],
  ['n-failed', 'lead-failed', 'failed', 40, null, 'EmailJS 403 Forbidden (block list)', null],
  ['n-waiting', 'lead-waiting', 'waiting', 0, T(5), null, null],
  ['n-pay', 'lead-pay', 'sent', 1, null, null, T(6)],
] as const;

const OLD_ATTEMPTS = [
  ['a1', 'n-app', T(1), 'smtp', 1, null],
  ['a2', 'n-contact', T(2), 'smtp', 0, 'SMTP: ECONNREFUSED'],
  ['a3', 'n-contact', T(3), 'smtp', 0, 'SMTP: ECONNREFUSED'],
  ['a4', 'n-failed', T(4), 'emailjs', 0, 'EmailJS 403 Forbidden (block list)'],
  ['a5', 'n-pay', T(6), 'smtp', 1, null],
] as const;

function lead(id: string, kind: string, type: string, fields: object, extra: Record<string, unknown> = {}) {
  return {
    id,
    kind,
    type,
    fields: JSON.stringify(fields),
    name: 'x',
    email: 'x@example.com',
    phone: '',
    page: '/contact',
    consent_text: null,
    consent_at: null,
    consent_page: null,
    status: 'new',
    is_spam: 0,
    spam_reason: null,
    client_address: '203.0.113.1',
    user_agent: 'test',
    created_at: T(0),
    ...extra,
  };
}

/** What the release before 0007 wrote: five leads, a payment notice posing as a lead, their outbox rows. */
async function writeAt0006(db: Kysely<any>) {
  await db
    .insertInto('leads')
    .values([
      lead('lead-app', 'application', 'New Detailed Application', applicationFields, {
        page: '/apply',
        consent_text: CONSENT,
        consent_at: T(0),
        consent_page: '/apply',
      }),
      lead('lead-contact', 'contact', 'Contact Form', contactFields),
      lead('lead-spam', 'ebook', 'Ebook Download', { name: 'Bot', email: 'bot@example.com' }, { is_spam: 1, status: 'spam' }),
      lead('lead-failed', 'qualification', 'Quick Qualification', { firstName: 'Ann', lastName: 'Lee', email: 'a@example.com' }),
      lead('lead-waiting', 'contact', 'Contact Form', contactFields),
      lead('lead-pay', 'payment', 'Payment Received', paymentFields, { page: '/payment', created_at: T(6) }),
    ])
    .execute();
  await db
    .insertInto('payments')
    .values({
      id: 'pay-1',
      checkout_session_id: 'cs_old_1',
      payment_intent_id: 'pi_old_1',
      plan: 'standard',
      amount: 49500,
      currency: 'usd',
      customer_email: 'pat@example.com',
      customer_name: 'Pat Payer',
      status: 'paid',
      last_event_id: 'evt_old_1',
      created_at: T(6),
      updated_at: T(6),
    })
    .execute();
  await db
    .insertInto('lead_notifications')
    .values(
      OLD_NOTIFICATIONS.map(([id, lead_id, status, attempts, next_attempt_at, last_error, sent_at]) => ({
        id,
        lead_id,
        status,
        attempts,
        next_attempt_at,
        last_error,
        sent_at,
        created_at: T(0),
        updated_at: T(7),
      })),
    )
    .execute();
  await db
    .insertInto('lead_notification_attempts')
    .values(
      OLD_ATTEMPTS.map(([id, notification_id, attempted_at, transport, ok, error]) => ({
        id,
        notification_id,
        attempted_at,
        transport,
        ok,
        error,
      })),
    )
    .execute();
}

describe.each(emptyEngines)('migration 0007 (notifications outbox) on %s', (_engine, open) => {
  async function migratedFrom0006() {
    const handle = await open();
    cleanups.push(handle.cleanup);
    const to0006 = await migrator(handle.db).migrateTo('0006_payments');
    expect(to0006.error).toBeUndefined();
    await writeAt0006(handle.db as unknown as Kysely<any>);
    expect(await migrateTo0007(handle.db)).toEqual(['0007_notifications_outbox']);
    return handle.db;
  }

  it('keeps every notification with its state and attempts; the payment notice moves to its payment', async () => {
    const db = await migratedFrom0006();
    const rows = await db.selectFrom('notifications').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.subject_type, r.subject_id, r.channel, r.status, Number(r.attempts)])).toEqual(
      [
        ['n-app', 'lead', 'lead-app', 'email', 'sent', 1],
        ['n-contact', 'lead', 'lead-contact', 'email', 'failing', 2],
        ['n-failed', 'lead', 'lead-failed', 'email', 'failed', 40],
        ['n-pay', 'payment', 'pay-1', 'email', 'sent', 1],
        ['n-spam', 'lead', 'lead-spam', 'email', 'skipped', 0],
        ['n-waiting', 'lead', 'lead-waiting', 'email', 'waiting', 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    for (const [id, , , , next, error, sent] of OLD_NOTIFICATIONS) {
      expect(rows.find((r) => r.id === id)).toMatchObject({
        next_attempt_at: next,
        last_error: error,
        sent_at: sent,
        created_at: T(0),
        updated_at: T(7),
      });
    }
    const attempts = await db.selectFrom('notification_attempts').selectAll().orderBy('id').execute();
    expect(attempts.map((a) => [a.id, a.notification_id, a.attempted_at, a.transport, Number(a.ok), a.error])).toEqual(
      OLD_ATTEMPTS.map((a) => [...a]),
    );

    // The e-mails are the ones the old worker rendered from the lead at each attempt.
    const payload = (id: string) => JSON.parse(rows.find((r) => r.id === id)!.payload) as unknown;
    expect(payload('n-app')).toEqual({
      subject: 'New Detailed Application: Jane Builder',
      text: applicationEmailText,
      fromName: 'Jane Builder',
      fromEmail: 'jane@example.com',
    });
    expect(payload('n-failed')).toEqual({
      subject: 'Quick Qualification: Ann Lee',
      text: [
        'New Quick Qualification Request',
        '',
        'First Name: Ann',
        'Last Name: Lee',
        'Email: a@example.com',
        'Phone: ',
        'Project Type: ',
        'Estimated Cost: $0',
        '',
        '---',
        `Submitted: ${T(0)}`,
        'Page: /contact',
        'Consent to calls and texts: not given',
      ].join('\n'),
      fromName: 'Ann Lee',
      fromEmail: 'a@example.com',
    });
    expect(payload('n-contact')).toMatchObject({
      subject: 'Contact Form: Sam Contact',
      text: expect.stringMatching(
        /^New Contact Form Message\n\nName: Sam Contact\nEmail: sam@example.com\nPhone: 555-0100\n\nMessage:\nCall me.\n\n---\n/,
      ),
    });
    expect(payload('n-pay')).toEqual({
      subject: 'Payment Received: Pat Payer',
      text: [
        'A plan was paid through Stripe Checkout',
        '',
        'Plan: standard',
        'Amount: $495.00',
        'Status: paid',
        'Name: Pat Payer',
        'Email: pat@example.com',
        'Checkout Session: cs_old_1',
        'Payment Intent: pi_old_1',
        '',
        '---',
        `Recorded: ${T(6)}`,
      ].join('\n'),
      fromName: 'Pat Payer',
      fromEmail: 'pat@example.com',
    });

    // Payment leads are gone; the visitors' leads stay, read by the app (on the latest schema) with their notifications.
    await migrateToLatest(db);
    const leads = await db.selectFrom('leads').select(['id', 'kind']).orderBy('id').execute();
    expect(leads.map((l) => l.id)).toEqual(['lead-app', 'lead-contact', 'lead-failed', 'lead-spam', 'lead-waiting']);
    expect(await getLead(db, 'lead-contact')).toMatchObject({
      notification: { status: 'failing', attempts: 2, lastError: 'SMTP: ECONNREFUSED', nextAttemptAt: T(9), sentAt: null },
    });
    expect((await listNotificationAttempts(db, 'lead-contact')).map((a) => a.ok)).toEqual([false, false]);
    expect((await listPayments(db))[0]!.notice).toMatchObject({ status: 'sent', sentAt: T(6) });
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).not.toContain('lead_notifications');
    expect(tables).not.toContain('lead_notification_attempts');
  });

  it('the worker delivers what was due with the moved payloads, and nothing else', async () => {
    const db = await migratedFrom0006();
    // The worker runs on the newest schema: the server migrates before it starts any.
    await migrateToLatest(db);
    const sent: { subject: string }[] = [];
    const log = { info: vi.fn(), warn: vi.fn() };
    const transport = { name: 'smtp', channel: 'email' as const, send: async (m: { subject: string }) => void sent.push(m) };
    expect(await deliverDue(db, transport, log, () => new Date(T(10)))).toBe(2);
    expect(sent.map((m) => m.subject).sort()).toEqual(['Contact Form: Sam Contact', 'Contact Form: Sam Contact']);
    expect((await getLead(db, 'lead-contact'))!.notification).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('moves an outbox larger than one batch, every notification once', async () => {
    const handle = await open();
    cleanups.push(handle.cleanup);
    expect((await migrator(handle.db).migrateTo('0006_payments')).error).toBeUndefined();
    const old = handle.db as unknown as Kysely<any>;
    const ids = Array.from({ length: 450 }, (_, i) => `m${String(i).padStart(4, '0')}`);
    for (let start = 0; start < ids.length; start += 150) {
      const chunk = ids.slice(start, start + 150);
      await old
        .insertInto('leads')
        .values(chunk.map((id) => lead(`lead-${id}`, 'contact', 'Contact Form', { ...contactFields, from_name: id })))
        .execute();
      await old
        .insertInto('lead_notifications')
        .values(
          chunk.map((id) => ({
            id,
            lead_id: `lead-${id}`,
            status: 'waiting',
            next_attempt_at: T(0),
            created_at: T(0),
            updated_at: T(0),
          })),
        )
        .execute();
    }
    await migrateToLatest(handle.db);
    const rows = await handle.db.selectFrom('notifications').select(['id', 'subject_id', 'payload']).orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.every((r) => r.subject_id === `lead-${r.id}`)).toBe(true);
    // Sealed, as every lead's payload (lib/notifications/sealed-payload.server.ts).
    expect(rows.every((r) => (JSON.parse(openPayload(r)!) as { fromName: string }).fromName === r.id)).toBe(true);
  });

  it('goes back down to the lead outbox, payment notice leads included, and up again', async () => {
    const db = await migratedFrom0006();
    expect((await migrator(db).migrateTo('0006_payments')).error).toBeUndefined();
    const old = db as unknown as Kysely<any>;
    const notifications = await old.selectFrom('lead_notifications').select(['id', 'lead_id', 'status']).orderBy('id').execute();
    expect(notifications.map((n) => n.id)).toEqual(OLD_NOTIFICATIONS.map(([id]) => id).sort());
    const payLead = await old
      .selectFrom('leads')
      .select(['kind', 'type', 'fields'])
      .where('id', '=', notifications.find((n) => n.id === 'n-pay')!.lead_id)
      .executeTakeFirstOrThrow();
    expect(payLead).toMatchObject({ kind: 'payment', type: 'Payment Received' });
    expect(JSON.parse(payLead.fields)).toEqual(paymentFields);
    expect(await old.selectFrom('lead_notification_attempts').select('id').execute()).toHaveLength(OLD_ATTEMPTS.length);

    expect(await migrateTo0007(db)).toEqual(['0007_notifications_outbox']);
    expect(await db.selectFrom('notifications').select('id').execute()).toHaveLength(OLD_NOTIFICATIONS.length);
    expect(await db.selectFrom('leads').select('id').where('kind', '=', 'payment').execute()).toEqual([]);
  });
});

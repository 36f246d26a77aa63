import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultContent } from '../../lib/content/defaults';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { deliverDue } from '../../lib/notifications/delivery.server';
import { listPayments } from '../../lib/payments/store.server';
import { createCheckoutSession, stripeClient, type StripeEnv } from '../../lib/payments/stripe.server';
import { handleStripeWebhook } from '../../lib/payments/webhook.server';
import { CHECKOUT_URL, WEBHOOK_SECRET, checkoutEvent, signature, startStripeStandIn } from '../support/stripe';
import { tempSqlite } from '../support/temp-db';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const standard = defaultContent.pricing.plans.find((p) => p.id === 'standard')!;
const jumbo = defaultContent.pricing.plans.find((p) => p.id === 'jumbo')!;

async function standIn() {
  const s = await startStripeStandIn();
  cleanups.push(s.stop);
  const env: StripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_STANDARD: undefined,
    STRIPE_PRICE_JUMBO: undefined,
    STRIPE_API_URL: s.url,
    SITE_URL: 'https://loans.example.com',
  };
  return { s, env };
}

describe('checkout session', () => {
  it('sends one line item from the content price, quantity 1, mode payment and the site URLs', async () => {
    const { s, env } = await standIn();
    const session = await createCheckoutSession(stripeClient(env), env, standard);
    expect(session).toEqual({ id: 'cs_test_1', url: CHECKOUT_URL });

    expect(s.requests).toHaveLength(1);
    const { path, body, authorization } = s.requests[0]!;
    expect(path).toBe('/v1/checkout/sessions');
    expect(authorization).toBe('Bearer sk_test_123');
    expect(Object.fromEntries(body)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '49500',
      'line_items[0][price_data][product_data][name]': standard.name,
      success_url: 'https://loans.example.com/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://loans.example.com/rates',
      'metadata[plan]': 'standard',
    });
  });

  it('uses the configured Stripe Price id when set', async () => {
    const { s, env } = await standIn();
    await createCheckoutSession(stripeClient(env), { ...env, STRIPE_PRICE_JUMBO: 'price_jumbo_1' }, jumbo);
    const body = Object.fromEntries(s.requests[0]!.body);
    expect(body['line_items[0][price]']).toBe('price_jumbo_1');
    expect(body['line_items[0][quantity]']).toBe('1');
    expect(body['line_items[0][price_data][unit_amount]']).toBeUndefined();
  });

  it("rejects with the provider's message on an error", async () => {
    const { s, env } = await standIn();
    s.fail = 'Your account cannot currently make live charges.';
    await expect(createCheckoutSession(stripeClient(env), env, standard)).rejects.toThrow(
      'Your account cannot currently make live charges.',
    );
  });
});

describe('webhook', () => {
  async function setup() {
    const handle = tempSqlite();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    const { env } = await standIn();
    const deliver = (body: string, sig: string | null, secret: string | null = WEBHOOK_SECRET) =>
      handleStripeWebhook({
        stripe: stripeClient(env),
        secret: secret ?? undefined,
        body,
        signature: sig,
        db: async () => handle.db,
      });
    return { db: handle.db, deliver };
  }

  it('records a completed checkout once, even when delivered twice, and queues one notification', async () => {
    const { db, deliver } = await setup();
    const payload = checkoutEvent();
    expect(await deliver(payload, signature(payload))).toEqual({ status: 200, body: { received: true, result: 'recorded' } });
    expect(await deliver(payload, signature(payload))).toEqual({ status: 200, body: { received: true, result: 'duplicate' } });

    const payments = await listPayments(db);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      checkoutSessionId: 'cs_test_1',
      paymentIntentId: 'pi_test_1',
      plan: 'standard',
      amount: 49500,
      currency: 'usd',
      customerEmail: 'jane@example.com',
      customerName: 'Jane Builder',
      status: 'paid',
      lead: null,
      notice: { status: 'waiting', attempts: 0 },
    });
    // The notice is the payment's own notification; no lead stands in for it.
    const notices = await db.selectFrom('notifications').select(['subject_type', 'subject_id', 'channel']).execute();
    expect(notices).toEqual([{ subject_type: 'payment', subject_id: payments[0]!.id, channel: 'email' }]);
    expect(await db.selectFrom('leads').select('id').execute()).toEqual([]);

    // The outbox delivers it to the broker like any notification.
    const sent: { subject: string; text: string }[] = [];
    const log = { info: vi.fn(), warn: vi.fn() };
    expect(await deliverDue(db, { name: 'smtp', channel: 'email', send: async (m) => void sent.push(m) }, log)).toBe(1);
    expect(sent[0]!.subject).toBe('Payment Received: Jane Builder');
    expect(sent[0]!.text).toBe(
      [
        'A plan was paid through Stripe Checkout',
        '',
        'Plan: standard',
        'Amount: $495.00',
        'Status: paid',
        'Name: Jane Builder',
        'Email: jane@example.com',
        'Checkout Session: cs_test_1',
        'Payment Intent: pi_test_1',
        '',
        '---',
        `Recorded: ${payments[0]!.createdAt}`,
      ].join('\n'),
    );
    expect((await listPayments(db))[0]!.notice).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('the same session through another event id is not recorded twice; a late event cannot undo paid', async () => {
    const { db, deliver } = await setup();
    const pending = checkoutEvent({ id: 'evt_a', paymentStatus: 'unpaid' });
    const paid = checkoutEvent({ id: 'evt_b', type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(paid, signature(paid))).status).toBe(200);
    expect((await deliver(pending, signature(pending))).status).toBe(200);
    const payments = await listPayments(db);
    expect(payments.map((p) => p.status)).toEqual(['paid']);
  });

  it('an async failure marks the payment failed', async () => {
    const { db, deliver } = await setup();
    const pending = checkoutEvent({ id: 'evt_a', paymentStatus: 'unpaid' });
    const failed = checkoutEvent({ id: 'evt_b', type: 'checkout.session.async_payment_failed' });
    await deliver(pending, signature(pending));
    expect((await listPayments(db))[0]!.status).toBe('pending');
    expect((await listPayments(db))[0]!.notice).toBeNull();
    await deliver(failed, signature(failed));
    expect((await listPayments(db))[0]!.status).toBe('failed');
    const notices = await db.selectFrom('notifications').select('payload').execute();
    expect(notices.map((n) => (JSON.parse(n.payload) as { subject: string }).subject)).toEqual(['Payment Failed: Jane Builder']);
  });

  it('refuses a bad or missing signature with 400 and records nothing', async () => {
    const { db, deliver } = await setup();
    const payload = checkoutEvent();
    expect((await deliver(payload, signature(payload, 'whsec_wrong'))).status).toBe(400);
    expect((await deliver(payload, null)).status).toBe(400);
    expect((await deliver(payload.replace('49500', '1'), signature(payload))).status).toBe(400);
    expect((await deliver(payload, signature(payload), null)).status).toBe(503);
    expect(await listPayments(db)).toEqual([]);
    expect(await db.selectFrom('payment_events').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('notifications').selectAll().execute()).toEqual([]);
  });

  it('ignores other event types and links a payment to a lead with the same e-mail', async () => {
    const { db, deliver } = await setup();
    const other = JSON.stringify({ id: 'evt_x', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    expect(await deliver(other, signature(other))).toEqual({ status: 200, body: { received: true, result: 'ignored' } });

    await db
      .insertInto('leads')
      .values({
        id: 'lead1',
        kind: 'contact',
        type: 'Contact Form',
        fields: '{}',
        name: 'Jane B.',
        email: 'Jane@Example.com',
        phone: '',
        page: '/contact',
        consent_text: null,
        consent_at: null,
        consent_page: null,
        spam_reason: null,
        client_address: '203.0.113.1',
        user_agent: 'test',
        created_at: '2026-11-20T10:00:00.000Z',
      })
      .execute();
    const payload = checkoutEvent();
    await deliver(payload, signature(payload));
    expect((await listPayments(db))[0]!.lead).toEqual({
      id: 'lead1',
      name: 'Jane B.',
      type: 'Contact Form',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });
});

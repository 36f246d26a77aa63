import 'server-only';
import type Stripe from 'stripe';
import type { DB } from '../db/connect.server';
import { recordPaymentEvent, type PaymentStatus, type RecordResult } from './store.server';

export interface WebhookResult {
  status: number;
  body: { received: boolean; result?: RecordResult | 'ignored'; error?: string };
}

const HANDLED: Record<string, (session: Stripe.Checkout.Session) => PaymentStatus> = {
  // Card payments complete paid; delayed methods (bank debits) complete 'unpaid' and settle later.
  'checkout.session.completed': (s) => (s.payment_status === 'unpaid' ? 'pending' : 'paid'),
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
};

/**
 * The webhook's core, apart from Next so tests call it directly: verifies Stripe's signature on
 * the raw body (400 and nothing stored when it fails), then records the payment of a Checkout
 * event. Other event types are acknowledged and ignored, so Stripe stops resending them.
 */
export async function handleStripeWebhook(options: {
  stripe: Stripe;
  secret: string | undefined;
  body: string;
  signature: string | null;
  db: () => Promise<DB>;
  now?: Date;
}): Promise<WebhookResult> {
  if (!options.secret) return { status: 503, body: { received: false, error: 'The Stripe webhook is not configured.' } };
  if (!options.signature) return { status: 400, body: { received: false, error: 'Missing Stripe-Signature header.' } };
  let event: Stripe.Event;
  try {
    event = options.stripe.webhooks.constructEvent(options.body, options.signature, options.secret);
  } catch {
    return { status: 400, body: { received: false, error: 'Invalid signature.' } };
  }
  const toStatus = HANDLED[event.type];
  if (!toStatus) return { status: 200, body: { received: true, result: 'ignored' } };

  const session = event.data.object as Stripe.Checkout.Session;
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
  const result = await recordPaymentEvent(
    await options.db(),
    {
      eventId: event.id,
      eventType: event.type,
      checkoutSessionId: session.id,
      paymentIntentId: paymentIntent,
      plan: session.metadata?.plan ?? 'unknown',
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      customerEmail: session.customer_details?.email ?? session.customer_email ?? '',
      customerName: session.customer_details?.name ?? '',
      status: toStatus(session),
    },
    options.now,
  );
  return { status: 200, body: { received: true, result } };
}

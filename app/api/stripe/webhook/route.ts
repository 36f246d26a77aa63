import { connection, NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { logger } from '@/lib/log.server';
import { wakeOutbox } from '@/lib/notifications/process-worker.server';
import { stripeClient } from '@/lib/payments/stripe.server';
import { handleStripeWebhook, type WebhookResult } from '@/lib/payments/webhook.server';

/**
 * POST /api/stripe/webhook: Stripe's servers report Checkout events here.
 *
 * No Origin check, unlike the other route handlers: the caller is Stripe's server, not a browser,
 * so there is no Origin to compare and no ambient cookie to abuse. The check is Stripe's
 * signature over the raw body with STRIPE_WEBHOOK_SECRET; anything unsigned gets 400 and is not
 * recorded. The body is read as text, untouched, because a re-serialised JSON would not verify.
 */
export async function POST(request: NextRequest) {
  await connection();
  const body = await request.text();
  const result = await handleStripeWebhook({
    stripe: stripeClient(env),
    secret: env.STRIPE_WEBHOOK_SECRET,
    body,
    signature: request.headers.get('stripe-signature'),
    db: getDb,
  }).catch((error: unknown): WebhookResult => {
    logger.error({ event: 'payment.webhook_error', err: error }, 'Stripe webhook failed');
    return { status: 500, body: { received: false, error: 'The event could not be recorded; Stripe will retry.' } };
  });
  if (result.status === 200 && result.body.result === 'recorded') {
    logger.info({ event: 'payment.recorded' }, 'Stripe payment event recorded');
    wakeOutbox();
  } else if (result.status >= 400) {
    logger.warn({ event: 'payment.webhook_refused', status: result.status, error: result.body.error }, 'Stripe webhook refused');
  }
  return NextResponse.json(result.body, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
}

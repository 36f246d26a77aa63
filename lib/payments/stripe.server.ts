import 'server-only';
import Stripe from 'stripe';
import type { Env } from '../env-schema';
import type { SiteContent } from '../content/schema';
import type { PlanId } from '../content/schema';
import { priceToCents } from './plans';

/** The part of the configuration payments need (a subset of Env, so tests can pass their own). */
export type StripeEnv = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_PRICE_STANDARD' | 'STRIPE_PRICE_JUMBO' | 'STRIPE_API_URL' | 'SITE_URL'
>;

/** Payments are switched on by the secret key alone; the Price ids are optional. */
export function paymentsConfigured(env: Pick<Env, 'STRIPE_SECRET_KEY'>): boolean {
  return !!env.STRIPE_SECRET_KEY;
}

/**
 * The official SDK, pointed at STRIPE_API_URL when set (tests stand a local HTTP server in for
 * the Stripe API through the SDK's host, port and protocol settings).
 */
export function stripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  // The webhook route needs the SDK only to verify signatures, which takes no key.
  const key = env.STRIPE_SECRET_KEY ?? 'sk_unconfigured';
  if (!env.STRIPE_API_URL) return new Stripe(key);
  const url = new URL(env.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(key, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
  });
}

type Plan = SiteContent['pricing']['plans'][number];

export class PaymentSetupError extends Error {
  override name = 'PaymentSetupError';
}

/**
 * Creates the Checkout Session of one plan: one line item, quantity 1, mode payment, back to
 * /payment-success (with the session id) or /rates on the site's own origin. The price is the
 * configured Stripe Price, else the plan's amount and name from the content.
 */
export async function createCheckoutSession(stripe: Stripe, env: StripeEnv, plan: Plan): Promise<{ id: string; url: string }> {
  const priceId = priceIdFor(env, plan.id);
  let lineItem: Stripe.Checkout.SessionCreateParams.LineItem;
  if (priceId) {
    lineItem = { price: priceId, quantity: 1 };
  } else {
    const unitAmount = priceToCents(plan.price);
    if (unitAmount === null) throw new PaymentSetupError(`The ${plan.name} has no price to charge.`);
    lineItem = { price_data: { currency: 'usd', unit_amount: unitAmount, product_data: { name: plan.name } }, quantity: 1 };
  }
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [lineItem],
    success_url: `${env.SITE_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${env.SITE_URL}/rates`,
    metadata: { plan: plan.id },
  });
  if (!session.url) throw new PaymentSetupError('Stripe returned no checkout address.');
  return { id: session.id, url: session.url };
}

function priceIdFor(env: StripeEnv, plan: PlanId): string | undefined {
  return plan === 'standard' ? env.STRIPE_PRICE_STANDARD : env.STRIPE_PRICE_JUMBO;
}

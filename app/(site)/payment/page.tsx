import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { RedirectingToCheckout } from '@/components/payments/redirecting';
import { buttonStyles } from '@/lib/ui/button-styles';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { logger } from '@/lib/log.server';
import { isPlanId } from '@/lib/payments/plans';
import { createCheckoutSession, paymentsConfigured, stripeClient } from '@/lib/payments/stripe.server';

export const metadata: Metadata = {
  title: 'Secure Checkout | Construction Loan Pros',
  robots: { index: false, follow: false },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /payment?priceId=standard|jumbo (spec section 2): creates the plan's Stripe Checkout Session on
 * the server and redirects to it. The spinner streams first while the session is created.
 */
export default function PaymentPage({ searchParams }: Props) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24">
      <h1 className="sr-only">Secure Checkout</h1>
      <Suspense fallback={<RedirectingToCheckout />}>
        <StartCheckout searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function StartCheckout({ searchParams }: Props) {
  await connection();
  const { priceId } = await searchParams;
  if (!isPlanId(priceId)) {
    logger.error(
      { event: 'payment.invalid_price_id', priceId: String(priceId ?? '').slice(0, 64) },
      'Invalid or missing Price ID.',
    );
    return (
      <Problem
        title="This payment link is not valid"
        text="Invalid or missing Price ID. Please choose a plan on our pricing list."
      />
    );
  }
  if (!paymentsConfigured(env)) {
    return <Problem title="Online payment is not available yet" text="Please call us or choose a plan again later." />;
  }
  const content = await getSiteContent();
  const plan = content.pricing.plans.find((p) => p.id === priceId);
  if (!plan) {
    logger.error({ event: 'payment.invalid_price_id', priceId }, 'Invalid or missing Price ID.');
    return (
      <Problem title="This plan is not offered" text="Invalid or missing Price ID. Please choose a plan on our pricing list." />
    );
  }

  let url: string;
  try {
    ({ url } = await createCheckoutSession(stripeClient(env), env, plan));
  } catch (error) {
    const message = error instanceof Error ? error.message : 'The payment provider could not be reached.';
    logger.error({ event: 'payment.checkout_error', plan: plan.id, err: error }, 'Stripe Checkout Session failed');
    redirect(`/rates?payment_error=${encodeURIComponent(message)}`);
  }
  logger.info({ event: 'payment.checkout_started', plan: plan.id }, 'Stripe Checkout Session created');
  redirect(url);
}

function Problem({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="text-center">
      <p className="text-brand-900 text-2xl font-bold">{title}</p>
      <p className="mt-4 text-slate-700">{text}</p>
      <a href="/#pricing" className={`mt-8 ${buttonStyles.dark}`}>
        Back to the plans
      </a>
    </div>
  );
}

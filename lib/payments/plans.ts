import { PLAN_IDS, type PlanId } from '../content/schema';

/** The plan ids a payment link may carry (`/payment?priceId=standard`). */
export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/**
 * The amount in cents of a plan's displayed price ('$495', '$1,250.50 one-time'), or null when the
 * text holds no positive amount (then the plan cannot be sold without a Stripe Price id).
 */
export function priceToCents(price: string): number | null {
  const match = /(\d[\d,]*)(?:\.(\d{1,2}))?/.exec(price);
  if (!match?.[1]) return null;
  const dollars = Number(match[1].replace(/,/g, ''));
  const cents = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) && total > 0 ? total : null;
}

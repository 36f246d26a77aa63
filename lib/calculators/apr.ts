import { add, compare, div, exact, fromCents, mul, percent, sub, toCents, ZERO, type Exact } from './exact';

/**
 * The annual percentage rate of Regulation Z (12 CFR 1026.22 and Appendix J): the yearly rate at
 * which the payments, discounted month by month, are worth exactly the amount financed (the loan
 * less the prepaid finance charges: points and lender fees). It has no closed form, so it is found
 * by bisection; the discounting runs in fixed-point BigInt (30 decimal places), never in floating
 * point, and the answer is far inside Reg Z's tolerance of 1/8 of a percentage point.
 */

const SCALE = 10n ** 30n;
const STEPS = 80;

/** What the payments are worth today at the monthly rate `monthly` (scaled by SCALE), in cents × SCALE. */
function presentValue(paymentsCents: readonly bigint[], monthly: bigint): bigint {
  // One month's discount factor, 1 / (1 + i), scaled.
  const factor = (SCALE * SCALE) / (SCALE + monthly);
  let discount = SCALE;
  let total = 0n;
  for (const payment of paymentsCents) {
    discount = (discount * factor) / SCALE;
    total += payment * discount;
  }
  return total;
}

/**
 * The APR of a loan whose borrower receives `amountFinancedCents` now and pays `paymentsCents`,
 * one a month from the end of the first month. Exact to the precision of the bisection (far below
 * 0.001%); 0 when the payments do not exceed the amount financed.
 */
export function annualPercentageRate(amountFinancedCents: bigint, paymentsCents: readonly bigint[]): Exact {
  const target = amountFinancedCents * SCALE;
  const paid = paymentsCents.reduce((a, b) => a + b, 0n);
  if (paymentsCents.length === 0 || paid <= amountFinancedCents || amountFinancedCents <= 0n) return exact(0);
  // The monthly rate lies between 0 and a rate at which the payments are worth less than the amount.
  let low = 0n;
  let high = SCALE / 10n;
  while (presentValue(paymentsCents, high) > target) high *= 2n;
  for (let step = 0; step < STEPS; step++) {
    const middle = (low + high) / 2n;
    if (presentValue(paymentsCents, middle) > target) low = middle;
    else high = middle;
  }
  // Annual rate in percent: monthly × 12 × 100.
  return exact(((low + high) / 2n) * 1200n, SCALE);
}

/** Prepaid finance charges in cents: `pointsPercent` of the loan. */
export const financeChargesCents = (amount: Exact, pointsPercent: Exact) => toCents(mul(amount, percent(pointsPercent)));

/** The amount financed: the loan less the prepaid finance charges. */
export const amountFinancedCents = (amount: Exact, pointsPercent: Exact) =>
  toCents(sub(amount, mul(amount, percent(pointsPercent))));

/**
 * The APR of a construction loan's build period, disclosed separately, as Regulation Z Appendix D
 * (part I.A) estimates it when the draws are not yet known: one half of the commitment outstanding
 * at the contract rate for the whole period, treated as a single-payment loan maturing at its end;
 * the amount financed is that half less the prepaid finance charges (all of them). A single
 * payment's unit period is the whole term (Appendix J (b)(5)), so the APR is simple interest:
 * the finance charge ÷ the amount financed, per year. Exact, no search needed.
 */
export function constructionPeriodApr(amount: Exact, ratePercent: Exact, months: number, pointsPercent: Exact): Exact {
  const half = mul(amount, exact(1, 2));
  const interest = mul(mul(half, percent(ratePercent)), exact(months, 12));
  const financed = sub(half, fromCents(financeChargesCents(amount, pointsPercent)));
  if (compare(financed, ZERO) <= 0) return ZERO;
  const financeCharge = sub(add(half, interest), financed);
  return mul(div(financeCharge, financed), exact(1200, months));
}

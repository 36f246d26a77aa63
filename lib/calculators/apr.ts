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

/** `base` (scaled by SCALE) to the power `exponent`, in fixed point: by squaring, O(log exponent). */
function power(base: bigint, exponent: number): bigint {
  let result = SCALE;
  let square = base;
  for (let e = exponent; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = (result * square) / SCALE;
    square = (square * square) / SCALE;
  }
  return result;
}

/** The payments as runs of equal amounts, in order: a loan's schedule is one or two runs. */
function runsOf(paymentsCents: readonly bigint[]): { cents: bigint; count: number }[] {
  const runs: { cents: bigint; count: number }[] = [];
  for (const cents of paymentsCents) {
    const last = runs[runs.length - 1];
    if (last && last.cents === cents) last.count++;
    else runs.push({ cents, count: 1 });
  }
  return runs;
}

/**
 * What the payments are worth today at the monthly rate `monthly` (scaled by SCALE), in cents ×
 * SCALE. Each run of k equal payments is a geometric series, summed in closed form (v + v² + … +
 * vᵏ = v(1 − vᵏ)/(1 − v), v = 1/(1 + i)), so a 30-year loan costs a few dozen multiplications per
 * step of the search rather than 360: the figure a phone shows at the first digit (issue 32).
 */
function presentValue(runs: readonly { cents: bigint; count: number }[], monthly: bigint): bigint {
  // One month's discount factor, 1 / (1 + i), scaled.
  const factor = (SCALE * SCALE) / (SCALE + monthly);
  let discount = SCALE;
  let total = 0n;
  for (const { cents, count } of runs) {
    const after = power(factor, count);
    const series = factor === SCALE ? BigInt(count) * SCALE : (factor * (SCALE - after)) / (SCALE - factor);
    total += cents * ((discount * series) / SCALE);
    discount = (discount * after) / SCALE;
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
  const runs = runsOf(paymentsCents);
  if (paymentsCents.length === 0 || paid <= amountFinancedCents || amountFinancedCents <= 0n) return exact(0);
  // The monthly rate lies between 0 and a rate at which the payments are worth less than the amount.
  let low = 0n;
  let high = SCALE / 10n;
  while (presentValue(runs, high) > target) high *= 2n;
  for (let step = 0; step < STEPS; step++) {
    const middle = (low + high) / 2n;
    if (presentValue(runs, middle) > target) low = middle;
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

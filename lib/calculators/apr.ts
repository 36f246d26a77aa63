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
  for (let e = exponent; e > 0;) {
    if (e % 2 === 1) result = (result * square) / SCALE;
    e = Math.floor(e / 2);
    // The square after the last bit would go unused.
    if (e > 0) square = (square * square) / SCALE;
  }
  return result;
}

/** `count` equal payments of `cents` in a row. */
interface Run {
  cents: bigint;
  count: number;
}

/** The payments as runs of equal amounts, in order: a loan's schedule is one or two runs. */
function runsOf(paymentsCents: readonly bigint[]): Run[] {
  const runs: Run[] = [];
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
function presentValue(runs: readonly Run[], monthly: bigint): bigint {
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
 * The monthly rate at which the payments are worth `amountFinanced` (both in cents), and its slope
 * there (cents per unit of rate, negative), in floating point: Newton's method from below, on the
 * same closed form as `presentValue`. The present value is convex and decreasing in the rate, so
 * each Newton step from a rate below the root lands below it again, closer: no overshoot to guard.
 * Null when it does not settle (inputs no loan has): the caller then searches exactly throughout.
 */
function floatRoot(runs: readonly Run[], amountFinanced: number): { rate: number; slope: number } | null {
  // At rate 0 the value is what is paid and its slope −Σ k·cₖ; the first step starts from there.
  let paid = 0;
  let weighted = 0;
  let before = 0;
  for (const { cents, count } of runs) {
    paid += Number(cents) * count;
    weighted += Number(cents) * (count * before + (count * (count + 1)) / 2);
    before += count;
  }
  let rate = (paid - amountFinanced) / weighted;
  for (let iteration = 0; iteration < 100 && rate > 0 && Number.isFinite(rate); iteration++) {
    const { value, slope } = floatPresentValue(runs, rate);
    const step = (value - amountFinanced) / -slope;
    // Rounding ends the climb: the step stops being positive or no longer moves the rate.
    if (!(step > rate * 1e-15)) return Number.isFinite(slope) && slope < 0 ? { rate, slope } : null;
    rate += step;
  }
  return null;
}

/**
 * `presentValue` in floating point, in cents, and its derivative in the rate. A run of n payments
 * after m others is worth c·vᵐ·(1 − vⁿ)/i with v = 1/(1 + i); log1p and expm1 keep the small rates
 * of real loans from cancelling (1 − vⁿ is not computed as a difference).
 */
function floatPresentValue(runs: readonly Run[], rate: number): { value: number; slope: number } {
  const logGrowth = Math.log1p(rate);
  let value = 0;
  let slope = 0;
  let before = 0;
  for (const { cents, count } of runs) {
    const discount = Math.exp(-before * logGrowth);
    const series = -Math.expm1(-count * logGrowth) / rate;
    // d/di of vᵐ is −m·vᵐ⁺¹; of (1 − vⁿ)/i it is (n·vⁿ⁺¹ − (1 − vⁿ)/i)/i.
    const seriesSlope = (count * Math.exp(-(count + 1) * logGrowth) - series) / rate;
    value += Number(cents) * discount * series;
    slope += Number(cents) * ((-before * discount * series) / (1 + rate) + discount * seriesSlope);
    before += count;
  }
  return { value, slope };
}

/**
 * The fixed-point monthly rates outside which the exact search's comparison is already known, or
 * null when no such band can be vouched for. The float root is refined by one Newton step on the
 * exact present value (x₁ = x₀ − residual/slope), and the band is x₁ ± the sum of three bounds:
 * - Newton's own error, (n + 1)/2·e² for a start e from the root, n payments (the value's second
 *   derivative over its first is below n + 1); e ≤ 2·(|step| + noise), and the bound taken 4 times;
 * - the float slope's, a relative 1e-7: its rounding is ~1e-12 on loans, ~1e-9 at worst, where
 *   n·vⁿ⁺¹ − (1 − vⁿ)/i cancels at the smallest rate allowed here;
 * - the fixed point's truncations ("noise"): 1 unit of 10⁻³⁰ each, at most 2n of them in a power,
 *   which the series divides by 1 − v ≈ i, leave the value within 10⁻³⁰·paid·(2(1 + i)/i + 2n + 3)
 *   cents of the true one; that over the slope is a rate, taken 1,000 times (and twice).
 * Outside the band the true value, monotone, is further from the amount financed than the noise,
 * so the exact value compares as the true one does. Checked against a 10⁻⁷⁰ evaluation on 3,000
 * loans: the noise stayed under half its bound, and the band was 2,500 times wider than the actual
 * error of x₁ plus noise (apr.test.ts keeps that check). Exported for that test only.
 */
export function decidedBand(runs: readonly Run[], target: bigint): { from: bigint; to: bigint } | null {
  const estimate = floatRoot(runs, Number(target / SCALE));
  // Below a monthly rate of 1e-7 (APR 0.0012%) the slope's rounding is not vouched for.
  if (!estimate || !(estimate.rate >= 1e-7 && estimate.rate <= 1e3)) return null;
  const { rate, slope } = estimate;
  const start = BigInt(Math.round(rate * 1e30));
  const residual = presentValue(runs, start) - target;
  // The Newton step in units of 10⁻³⁰: residual (cents·SCALE) over slope (cents per unit rate).
  const step = Number(residual) / slope;
  const payments = runs.reduce((n, run) => n + run.count, 0);
  const paid = runs.reduce((sum, run) => sum + Number(run.cents) * run.count, 0);
  const noise = (1e3 * paid * ((2 * (1 + rate)) / rate + 2 * payments + 3)) / -slope;
  const spread = Math.abs(step) + noise;
  // The Newton bound holds only close to the root: (n + 1)·e below 1e-6.
  if (!((payments + 1) * spread < 1e24)) return null;
  const width = (2 * (payments + 1) * (2 * spread) ** 2) / 1e30 + 1e-7 * Math.abs(step) + 2 * noise + 2;
  const middle = start - BigInt(Math.round(step));
  const half = BigInt(Math.ceil(width));
  return { from: middle - half, to: middle + half };
}

/**
 * The APR of a loan whose borrower receives `amountFinancedCents` now and pays `paymentsCents`,
 * one a month from the end of the first month. Exact to the precision of the bisection (far below
 * 0.001%); 0 when the payments do not exceed the amount financed.
 *
 * The answer is the fixed-point bisection's; but a step whose middle lies clearly on one side of
 * the root (outside `decidedBand`) is decided without the exact present value, so a 30-year loan
 * costs a handful of exact evaluations instead of 81 (issue 32: a calculator page per request).
 */
export function annualPercentageRate(amountFinancedCents: bigint, paymentsCents: readonly bigint[]): Exact {
  const target = amountFinancedCents * SCALE;
  const paid = paymentsCents.reduce((a, b) => a + b, 0n);
  const runs = runsOf(paymentsCents);
  if (paymentsCents.length === 0 || paid <= amountFinancedCents || amountFinancedCents <= 0n) return exact(0);
  const band = decidedBand(runs, target);
  const worthMore = (monthly: bigint) =>
    band && monthly < band.from ? true : band && monthly > band.to ? false : presentValue(runs, monthly) > target;
  // The monthly rate lies between 0 and a rate at which the payments are worth less than the amount.
  let low = 0n;
  let high = SCALE / 10n;
  while (worthMore(high)) high *= 2n;
  for (let step = 0; step < STEPS; step++) {
    const middle = (low + high) / 2n;
    if (worthMore(middle)) low = middle;
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

import { describe, expect, it } from 'vitest';
import { amortize } from './amortization';
import { amountFinancedCents, annualPercentageRate, decidedBand } from './apr';
import { exact, parseDecimal, type Exact } from './exact';
import { seededRandom } from '../../tests/support/seeded-random';

/**
 * The search decides most bisection steps from a floating-point estimate of the root (issue 32).
 * Its answer must be the plain fixed-point bisection's, bit for bit: that bisection is kept here,
 * as it was before, as the reference.
 */
const SCALE = 10n ** 30n;

function referencePower(base: bigint, exponent: number): bigint {
  let result = SCALE;
  let square = base;
  for (let e = exponent; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = (result * square) / SCALE;
    square = (square * square) / SCALE;
  }
  return result;
}

function referenceRuns(paymentsCents: readonly bigint[]): { cents: bigint; count: number }[] {
  const runs: { cents: bigint; count: number }[] = [];
  for (const cents of paymentsCents) {
    const last = runs[runs.length - 1];
    if (last && last.cents === cents) last.count++;
    else runs.push({ cents, count: 1 });
  }
  return runs;
}

function referencePresentValue(runs: readonly { cents: bigint; count: number }[], monthly: bigint): bigint {
  const factor = (SCALE * SCALE) / (SCALE + monthly);
  let discount = SCALE;
  let total = 0n;
  for (const { cents, count } of runs) {
    const after = referencePower(factor, count);
    const series = factor === SCALE ? BigInt(count) * SCALE : (factor * (SCALE - after)) / (SCALE - factor);
    total += cents * ((discount * series) / SCALE);
    discount = (discount * after) / SCALE;
  }
  return total;
}

/** The same present value with 70 decimal places instead of 30: the true value, as far as 30 can tell. */
const FINE = 10n ** 70n;
function finePresentValue(runs: readonly { cents: bigint; count: number }[], monthly: bigint): bigint {
  const power = (base: bigint, exponent: number) => {
    let result = FINE;
    for (let e = exponent, square = base; e > 0; e = Math.floor(e / 2), square = (square * square) / FINE)
      if (e % 2 === 1) result = (result * square) / FINE;
    return result;
  };
  const factor = (FINE * FINE) / (FINE + monthly);
  let discount = FINE;
  let total = 0n;
  for (const { cents, count } of runs) {
    const after = power(factor, count);
    total += cents * ((discount * ((factor * (FINE - after)) / (FINE - factor))) / FINE);
    discount = (discount * after) / FINE;
  }
  return total;
}

function referenceApr(amountFinancedCents: bigint, paymentsCents: readonly bigint[]): Exact {
  const target = amountFinancedCents * SCALE;
  const paid = paymentsCents.reduce((a, b) => a + b, 0n);
  const runs = referenceRuns(paymentsCents);
  if (paymentsCents.length === 0 || paid <= amountFinancedCents || amountFinancedCents <= 0n) return exact(0);
  let low = 0n;
  let high = SCALE / 10n;
  while (referencePresentValue(runs, high) > target) high *= 2n;
  for (let step = 0; step < 80; step++) {
    const middle = (low + high) / 2n;
    if (referencePresentValue(runs, middle) > target) low = middle;
    else high = middle;
  }
  return exact(((low + high) / 2n) * 1200n, SCALE);
}

/** Seeded, so a failure names a case that can be run again. */
function generator(seed: number) {
  const next = seededRandom(seed);
  return {
    between: (min: number, max: number) => min + (max - min) * next(),
    integer: (min: number, max: number) => min + Math.floor((max - min + 1) * next()),
    /** Spread evenly over orders of magnitude. */
    logBetween: (min: number, max: number) => min * (max / min) ** next(),
  };
}

interface Case {
  financed: bigint;
  payments: bigint[];
}

/** The payment (cents) repaying `amount` cents over `months` at a monthly rate, rounded to the cent. */
const level = (amount: number, monthly: number, months: number) =>
  Math.round((amount * monthly) / -Math.expm1(-months * Math.log1p(monthly)));

/** $1,000 to $50M at 0.01%..30% for 1..480 months with 0..10% points; some months interest-only first. */
function generatedCase(random: ReturnType<typeof generator>): Case {
  const amount = Math.round(random.logBetween(100_000, 5_000_000_000));
  // Half the rates spread evenly, half over orders of magnitude, so that the lowest get their share.
  const annual = random.integer(0, 1) ? random.between(0.0001, 0.3) : random.logBetween(0.0001, 0.3);
  const monthly = annual / 12;
  const months = random.integer(1, 480);
  const points = random.integer(0, 3) ? random.between(0, 0.1) : 0;
  const interestOnly = random.integer(0, 2) === 0 ? random.integer(1, Math.min(36, months)) : 0;
  const amortizing = Math.max(1, months - interestOnly);
  const payment = level(amount, monthly, amortizing);
  const payments = [
    ...Array.from({ length: interestOnly }, () => BigInt(Math.round(amount * monthly))),
    ...Array.from({ length: amortizing }, () => BigInt(payment)),
  ];
  // Now and then a last payment that differs by the rounding, as amortize's does.
  if (random.integer(0, 3) === 0) payments[payments.length - 1]! += BigInt(random.integer(-300, 300));
  return { financed: BigInt(Math.round(amount * (1 - points))), payments };
}

const d = (text: string) => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};

const expectReference = ({ financed, payments }: Case) => {
  const actual = annualPercentageRate(financed, payments);
  const expected = referenceApr(financed, payments);
  if (actual.n !== expected.n || actual.d !== expected.d)
    expect({ financed, payments: payments.length, actual }).toEqual({ financed, payments: payments.length, actual: expected });
};

describe('annualPercentageRate against the plain bisection', () => {
  it('agrees bit for bit on 3,000 generated loans', () => {
    const random = generator(32);
    for (let i = 0; i < 3_000; i++) expectReference(generatedCase(random));
  });

  it('agrees on the loans amortize builds, with their last payment', () => {
    for (const [amount, rate, years, points] of [
      ['400000', '6.75', 30, '1'],
      ['400000', '6.75', 30, '0'],
      ['1000', '0.01', 1, '0'],
      ['50000000', '30', 40, '10'],
      ['123456.78', '7.125', 15, '2.5'],
      ['2500', '0.5', 10, '0.25'],
    ] as const) {
      const r = amortize({ amount: d(amount), ratePercent: d(rate), years });
      const payments = Array.from({ length: r.payments }, (_, i) =>
        i === r.payments - 1 ? r.finalPaymentCents : r.paymentCents,
      );
      expectReference({ financed: amountFinancedCents(d(amount), d(points)), payments });
    }
  });

  it("decides only outside a band 100 times wider than its error plus the fixed point's", () => {
    // A zero-width band passes the comparisons above too: the centre lands within ~10⁻²⁹ of the
    // root, and the bisection's middles are ~10⁻²⁶ apart. So the margin is checked on its own.
    const random = generator(1032);
    const toFine = 10n ** 40n;
    for (let i = 0; i < 200; i++) {
      const { financed, payments } = generatedCase(random);
      const runs = referenceRuns(payments);
      const band = decidedBand(runs, financed * SCALE);
      if (!band) continue;
      const width = band.to - band.from;
      const centre = band.from + width / 2n;
      // The true root, to 10⁻⁴⁰ of the 30-place unit, searched within 10 band widths of the centre.
      let low = (centre - 10n * width) * toFine;
      let high = (centre + 10n * width) * toFine;
      const target = financed * FINE;
      expect([finePresentValue(runs, low) > target, finePresentValue(runs, high) <= target]).toEqual([true, true]);
      for (let step = 0; step < 100; step++) {
        const middle = (low + high) / 2n;
        if (finePresentValue(runs, middle) > target) low = middle;
        else high = middle;
      }
      const root = low / toFine;
      const miss = root - centre;
      // The fixed point's error at the root, as a rate: the value's error over its slope there.
      const slope = (finePresentValue(runs, low + toFine * 1000n) - finePresentValue(runs, low)) / (toFine * 1000n);
      const error = referencePresentValue(runs, root) * toFine - finePresentValue(runs, root * toFine);
      const noise = (error < 0n ? -error : error) / (slope < 0n ? -slope : slope) / toFine;
      expect((miss < 0n ? -miss : miss) + noise).toBeLessThan(width / 200n + 1n);
    }
  });

  it('agrees at the edges: no excess paid, a cent paid over, one payment, rates past the first bracket', () => {
    const cases: Case[] = [
      // Payments equal to or below the amount financed: 0.
      { financed: 100_000n, payments: [50_000n, 50_000n] },
      { financed: 100_000n, payments: [49_999n, 50_000n] },
      { financed: 0n, payments: [100n] },
      { financed: -5n, payments: [100n] },
      { financed: 100_000n, payments: [] },
      // One cent over, on a small loan and on a large one: the lowest rates a loan can have.
      { financed: 100_000n, payments: [50_000n, 50_001n] },
      { financed: 5_000_000_000n, payments: [...Array<bigint>(479).fill(10_416_667n), 10_416_507n] },
      { financed: 100_000n, payments: Array<bigint>(480).fill(209n) },
      // A single payment.
      { financed: 100_000n, payments: [100_001n] },
      { financed: 100_000n, payments: [112_500n] },
      { financed: 1n, payments: [5_000_000_000n] },
      // Monthly rates above the search's first bracket of 10%, so its upper end doubles.
      { financed: 90_000n, payments: [102_500n] },
      { financed: 100_000n, payments: Array<bigint>(12).fill(50_000n) },
      { financed: 100n, payments: Array<bigint>(480).fill(1_000_000n) },
    ];
    for (const c of cases) expectReference(c);
    expect(annualPercentageRate(100_000n, [50_000n, 50_000n])).toEqual(exact(0));
  });
});

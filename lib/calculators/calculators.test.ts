import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amortize, exactPayment } from './amortization';
import { constructionInterest, drawsFor } from './construction-interest';
import { debtToIncome } from './debt-to-income';
import {
  add,
  compare,
  div,
  equals,
  exact,
  formatCents,
  formatPercent,
  formatUsd,
  mul,
  parseDecimal,
  percent,
  sub,
  sum,
  toCents,
} from './exact';
import { maximumLoan } from './maximum-loan';

const d = (text: string) => {
  const value = parseDecimal(text);
  if (!value) throw new Error(`not a decimal: ${text}`);
  return value;
};
const payment = (amount: string, rate: string, years: number) =>
  formatCents(amortize({ amount: d(amount), ratePercent: d(rate), years }).paymentCents);

describe('worked examples (issue 19)', () => {
  it('400,000 at 7.5% over 12 even draws pays $16,250.00 of interest', () => {
    const result = constructionInterest({ amount: d('400000'), ratePercent: d('7.5'), months: 12, schedule: 'even' });
    expect(formatUsd(result.totalInterest)).toBe('$16,250.00');
    expect(equals(result.totalDrawn, d('400000'))).toBe(true);
    expect(formatUsd(result.months[0]!.interest)).toBe('$208.33');
    expect(formatUsd(result.months[11]!.interest)).toBe('$2,500.00');
  });

  it('400,000 at 6.75% for 30 years is $2,594.39 a month', () => {
    expect(payment('400000', '6.75', 30)).toBe('$2,594.39');
  });
});

describe('published examples', () => {
  // mathondemand.com, "Monthly loan payment on a $100,000 loan for 30 years with a 6.5% interest rate": $632.07.
  it('100,000 at 6.5% for 30 years is $632.07', () => expect(payment('100000', '6.5', 30)).toBe('$632.07'));
  // mathondemand.com (?p=288787), $700,000 for 30 years at 6%: $4,196.85.
  it('700,000 at 6% for 30 years is $4,196.85', () => expect(payment('700000', '6', 30)).toBe('$4,196.85'));
  // dollartimes.com, "10 Year $120,000 Mortgage Loan": $1,362.58 at 6.5%, and $1,272.79 at 5% in its table.
  it('120,000 at 6.5% for 10 years is $1,362.58 (and $1,272.79 at 5%)', () => {
    expect(payment('120000', '6.5', 10)).toBe('$1,362.58');
    expect(payment('120000', '5', 10)).toBe('$1,272.79');
  });
});

describe('draw schedules', () => {
  it('front-loaded draws fall 2:1 from first to last, back-loaded rise, and both add up to the loan', () => {
    const front = drawsFor({ amount: d('300000'), months: 3, schedule: 'front' });
    // Weights 4, 3, 2 (2:1 first to last) of 9.
    expect(front.map(formatUsd)).toEqual(['$133,333.33', '$100,000.00', '$66,666.67']);
    expect(equals(sum(front), d('300000'))).toBe(true);
    const back = drawsFor({ amount: d('300000'), months: 3, schedule: 'back' });
    expect(back.map(formatUsd)).toEqual(['$66,666.67', '$100,000.00', '$133,333.33']);
    // Money drawn early costs more interest.
    const total = (schedule: 'front' | 'back' | 'even') =>
      constructionInterest({ amount: d('400000'), ratePercent: d('7.5'), months: 12, schedule }).totalInterest;
    expect(compare(total('front'), total('even'))).toBe(1);
    expect(compare(total('back'), total('even'))).toBe(-1);
  });

  it('a custom schedule uses the draws as given', () => {
    const result = constructionInterest({
      amount: d('0'),
      ratePercent: d('12'),
      months: 2,
      schedule: 'custom',
      draws: [d('1000'), d('500')],
    });
    expect(result.months.map((m) => formatUsd(m.interest))).toEqual(['$10.00', '$15.00']);
    expect(formatUsd(result.totalDrawn)).toBe('$1,500.00');
  });
});

describe('maximum loan', () => {
  it('owned land: the lesser of 90% of cost and 80% of value binds, the land equity counts toward the down payment', () => {
    const result = maximumLoan({
      landValue: d('100000'),
      landOwed: d('20000'),
      constructionCost: d('400000'),
      completedValue: d('550000'),
      ltcPercent: d('90'),
      ltvPercent: d('80'),
    });
    expect(formatUsd(result.ltcLimit)).toBe('$450,000.00');
    expect(formatUsd(result.ltvLimit)).toBe('$440,000.00');
    // Needs 420,000 (the 20,000 owed and the build): under both limits.
    expect(result.binding).toBe('need');
    expect(formatUsd(result.maximumLoan)).toBe('$420,000.00');
    expect(formatUsd(result.cashAtClosing)).toBe('$0.00');
    expect(formatUsd(result.landEquity)).toBe('$80,000.00');
  });

  it('land being bought: its price is owed in full, and the cash at closing is the rest', () => {
    const result = maximumLoan({
      landValue: d('100000'),
      landOwed: d('100000'),
      constructionCost: d('400000'),
      completedValue: d('520000'),
      ltcPercent: d('90'),
      ltvPercent: d('80'),
    });
    expect(result.binding).toBe('ltv');
    expect(formatUsd(result.maximumLoan)).toBe('$416,000.00');
    expect(formatUsd(result.cashAtClosing)).toBe('$84,000.00');
  });
});

describe('debt-to-income', () => {
  it('front-end and back-end ratios against the 50% maximum', () => {
    const result = debtToIncome({ monthlyIncome: d('10000'), monthlyDebts: d('1500'), proposedPayment: d('2594.39') });
    expect(formatPercent(result.frontEnd)).toBe('25.94%');
    expect(formatPercent(result.backEnd)).toBe('40.94%');
    expect(result.withinMaximum).toBe(true);
    expect(debtToIncome({ monthlyIncome: d('6000'), monthlyDebts: d('1000'), proposedPayment: d('2100') }).withinMaximum).toBe(
      false,
    );
    expect(() => debtToIncome({ monthlyIncome: d('0'), monthlyDebts: d('0'), proposedPayment: d('1') })).toThrow(/income/);
  });
});

// Whole dollars, rates in hundredths of a percent, terms as a lender offers them.
const dollars = fc.integer({ min: 1_000, max: 5_000_000 }).map((n) => exact(n));
const rate = fc.integer({ min: 1, max: 2_000 }).map((n) => exact(n, 100));

describe('properties', () => {
  it('even-draw interest equals amount × rate ÷ 12 × (n + 1) ÷ 2', () => {
    fc.assert(
      fc.property(dollars, rate, fc.integer({ min: 1, max: 36 }), (amount, ratePercent, months) => {
        const { totalInterest } = constructionInterest({ amount, ratePercent, months, schedule: 'even' });
        const expected = div(mul(mul(amount, div(percent(ratePercent), exact(12))), exact(months + 1)), exact(2));
        return equals(totalInterest, expected);
      }),
    );
  });

  it('the amortized payment repays the loan to the cent', () => {
    fc.assert(
      fc.property(dollars, rate, fc.constantFrom(10, 15, 20, 25, 30), (amount, ratePercent, years) => {
        const result = amortize({ amount, ratePercent, years });
        const principal = result.years.reduce((total, y) => total + y.principalCents, 0n);
        const last = result.years.at(-1)!;
        // Nothing owed at the end, the principal repaid is the loan, and what was paid is that and the interest.
        const paid = result.paymentCents * BigInt(result.payments - 1) + result.finalPaymentCents;
        return (
          last.balanceCents === 0n &&
          principal === toCents(amount) &&
          result.finalPaymentCents > 0n &&
          result.payments <= result.months &&
          paid === result.totalPaidCents
        );
      }),
      { numRuns: 60 },
    );
  });

  it('the exact payment, before rounding, brings the balance to exactly zero', () => {
    fc.assert(
      fc.property(dollars, rate, fc.constantFrom(12, 60, 120), (amount, ratePercent, months) => {
        const p = exactPayment(amount, ratePercent, months);
        const growth = add(exact(1), div(percent(ratePercent), exact(12)));
        let balance = amount;
        for (let i = 0; i < months; i++) balance = sub(mul(balance, growth), p);
        return equals(balance, exact(0));
      }),
      { numRuns: 20 },
    );
  });

  it('the maximum loan never exceeds either limit', () => {
    fc.assert(
      fc.property(
        dollars,
        dollars,
        dollars,
        dollars,
        fc.integer({ min: 50, max: 100 }),
        fc.integer({ min: 50, max: 100 }),
        (landValue, owedRaw, constructionCost, completedValue, ltc, ltv) => {
          const landOwed = compare(owedRaw, landValue) > 0 ? landValue : owedRaw;
          const result = maximumLoan({
            landValue,
            landOwed,
            constructionCost,
            completedValue,
            ltcPercent: exact(ltc),
            ltvPercent: exact(ltv),
          });
          return compare(result.maximumLoan, result.ltcLimit) <= 0 && compare(result.maximumLoan, result.ltvLimit) <= 0;
        },
      ),
    );
  });
});

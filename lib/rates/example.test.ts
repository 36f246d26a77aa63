import { describe, expect, it } from 'vitest';
import { defaultContent } from '../content/defaults';
import { formatUsd, monthlyPaymentCents, representativeExample } from './example';
import { formatPercent, parsePercent } from './percent';
import { seedRates } from './seed';
import type { Rate } from './types';

const rates: Rate[] = seedRates.map((r, position) => ({ ...r, position, updatedAt: '2026-11-01T00:00:00.000Z' }));

describe('the representative example', () => {
  it('is computed from the first rate with the default loan: the worked example of the issue', () => {
    const example = representativeExample(rates, defaultContent.rates.example);
    // $400,000 at 6.75%: 400,000 × 0.0675 ÷ 12 = $2,250 a month, interest only, for 12 months;
    // then the $400,000 balance. 20% down: 400,000 × 20 ÷ 80 = $100,000 of a $500,000 cost.
    expect(example).toEqual({
      loanAmount: 400_000,
      downPaymentPercent: 20,
      termMonths: 12,
      payments: 'interest-only',
      rate: { type: 'Residential', rate: '6.75%', apr: '7.15%', rateKind: 'fixed' },
      downPayment: 100_000,
      totalCost: 500_000,
      monthlyPaymentCents: 225_000,
      balloonPayment: 400_000,
    });
  });

  it('follows the rates: another first rate, another payment', () => {
    const land = rates[3]!;
    const example = representativeExample([land, ...rates], { ...defaultContent.rates.example, loanAmount: 150_000 });
    // 150,000 × 0.085 ÷ 12 = 1,062.50.
    expect(example).toMatchObject({ rate: { type: 'Land', rate: '8.50%', apr: '8.90%' }, monthlyPaymentCents: 106_250 });
    expect(formatUsd(example!.monthlyPaymentCents)).toBe('$1,062.50');
  });

  it('amortizes: $400,000 at 6.75% over 360 months is $2,594.39 a month, with no balloon', () => {
    // i = 0.0675 ÷ 12 = 0.005625; 400,000 × i ÷ (1 − 1.005625^−360) = 2,594.392…
    const example = representativeExample(rates, {
      loanAmount: 400_000,
      downPaymentPercent: 5,
      termMonths: 360,
      payments: 'amortizing',
    });
    expect(example).toMatchObject({ monthlyPaymentCents: 259_439, balloonPayment: 0, downPayment: 21_053, totalCost: 421_053 });
    // A 0% rate repays the amount in equal parts.
    expect(monthlyPaymentCents(120_000, 0, 12, 'amortizing')).toBe(1_000_000);
  });

  it('is left out when there is no rate, or the first rate is not a percentage', () => {
    expect(representativeExample([], defaultContent.rates.example)).toBeNull();
    expect(representativeExample([{ ...rates[0]!, rate: 'Call us' }], defaultContent.rates.example)).toBeNull();
  });
});

describe('percentages', () => {
  it('reads what the owner types and writes it the one way the site shows it', () => {
    expect(parsePercent('6.75%')).toBe(6.75);
    expect(parsePercent(' 7 % ')).toBe(7);
    expect(parsePercent('-1')).toBe(-1);
    expect(parsePercent('6.75% fixed')).toBeNull();
    expect(parsePercent('')).toBeNull();
    expect(formatPercent(7)).toBe('7.00%');
    expect(formatPercent(6.875)).toBe('6.875%');
  });

  it('formats dollars with cents only where there are some', () => {
    expect(formatUsd(40_000_000)).toBe('$400,000');
    expect(formatUsd(259_439)).toBe('$2,594.39');
  });
});

import { describe, expect, it } from 'vitest';
import { exact, formatPercent } from './exact';
import { calculatorQuery, FALLBACK_DEFAULTS, parseCalculatorQuery, type CalculatorId } from './registry';
import { describeEstimate, runCalculator } from './run';

const parse = (id: CalculatorId, query: Record<string, string>) => parseCalculatorQuery(id, query, FALLBACK_DEFAULTS);
const result = (estimate: ReturnType<typeof describeEstimate>, label: string) =>
  estimate.results.find((line) => line.label === label)?.value;

describe('calculator queries', () => {
  it('reads the issue’s worked examples from their query strings', () => {
    const interest = parse('construction-interest', { amount: '400,000', rate: '7.5', months: '12', draw: 'even', points: '0' });
    expect(interest).toEqual({ ok: true, values: expect.objectContaining({ amount: '400000', rate: '7.5', months: '12' }) });
    const estimate = describeEstimate('construction-interest', interest.values);
    expect(result(estimate, 'Total interest during construction')).toBe('$16,250.00');
    // With no points the Appendix D estimate is the contract rate itself.
    expect(result(estimate, 'APR')).toBe('7.500%');

    const payment = parse('construction-to-permanent', { amount: '$400000', rate: '6.75%', years: '30', points: '0' });
    expect(payment.ok).toBe(true);
    const c2p = describeEstimate('construction-to-permanent', payment.values);
    expect(result(c2p, 'Monthly principal and interest')).toBe('$2,594.39');
    expect(result(c2p, 'APR')).toBe('6.750%');
  });

  it('counts points and fees in the APR, above the note rate', () => {
    const parsed = parse('construction-to-permanent', { amount: '400000', rate: '6.75', years: '30', points: '1' });
    const run = runCalculator('construction-to-permanent', parsed.values);
    expect(run.id === 'construction-to-permanent' && formatPercent(exact(run.aprPercent.n, run.aprPercent.d * 100n), 2)).toBe(
      '6.85%',
    );
  });

  it('fills what is missing with the defaults and refuses bad input with a message per field', () => {
    expect(parse('construction-to-permanent', {})).toEqual({
      ok: true,
      values: { amount: '400000', rate: FALLBACK_DEFAULTS.ratePercent, years: '30', points: FALLBACK_DEFAULTS.pointsPercent },
    });
    const bad = parse('construction-interest', { amount: 'lots', rate: '45', months: '0', draw: 'sideways' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual({
      amount: 'Enter an amount in dollars, e.g. 400000.',
      rate: 'Enter a percentage from 0% to 30%.',
      months: 'Enter a whole number from 1 to 36.',
      draw: 'Choose one of the options.',
    });
    // What the visitor typed comes back, so the form can show it again.
    expect(bad.values.amount).toBe('lots');
  });

  it('reads custom draws with or without thousands separators, and only when they apply', () => {
    const custom = parse('construction-interest', { draw: 'custom', draws: '$50,000, 80000,120000; 150,000', rate: '6' });
    expect(custom.ok && custom.values.draws).toBe('50000, 80000, 120000, 150000');
    const run = runCalculator('construction-interest', custom.values);
    expect(run.id === 'construction-interest' && run.result.months.length).toBe(4);
    expect(parse('construction-interest', { draw: 'custom', draws: '' }).ok).toBe(false);
    expect(parse('construction-interest', { draw: 'even', draws: 'nonsense' }).ok).toBe(true);
  });

  it('writes a result back as a query string that reads the same', () => {
    const parsed = parse('maximum-loan', { land: 'buying', landValue: '90000', cost: '350000', value: '500000' });
    const query = calculatorQuery('maximum-loan', parsed.values);
    expect(query).not.toContain('landOwed');
    expect(parse('maximum-loan', Object.fromEntries(new URLSearchParams(query)))).toEqual(parsed);
    const estimate = describeEstimate('maximum-loan', parsed.values);
    // Buying: the loan can cover at most 90% of 440,000 = 396,000 and 80% of 500,000 = 400,000.
    expect(result(estimate, 'Maximum loan')).toBe('$396,000.00');
    expect(result(estimate, 'Cash needed at closing')).toBe('$44,000.00');
  });

  it('measures debt-to-income against the advertised 50%', () => {
    const parsed = parse('debt-to-income', { income: '10000', debts: '1000', payment: '3000' });
    const estimate = describeEstimate('debt-to-income', parsed.values);
    expect(result(estimate, 'Front-end DTI (housing)')).toBe('30.00%');
    expect(result(estimate, 'Back-end DTI (all debts)')).toBe('40.00%');
    expect(result(estimate, 'Within the maximum')).toBe('Yes');
    expect(parse('debt-to-income', { income: '0' }).ok).toBe(false);
  });
});

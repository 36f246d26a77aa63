import { describe, expect, it } from 'vitest';
import { renderCalculatorPage } from '../../tests/support/calculator-page';
import { FALLBACK_DEFAULTS, parseCalculatorQuery } from './registry';
import { describeEstimate } from './run';

/**
 * The maximum-loan and debt-to-income pages as the server renders them (the page without
 * JavaScript), from a query; like ./pages.test.ts for the first two calculators.
 */

const render = renderCalculatorPage;

/** The text of the element with this data-testid (the figure's value). */
const figure = (html: string, testId: string) => new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('maximum loan as the server renders it', () => {
  it('loan-to-value binds: both limits, the reason, the land equity and the cash at closing', () => {
    const html = render('maximum-loan', 'land=owned&landValue=150000&landOwed=50000&cost=400000&value=500000&ltc=90&ltv=80');
    // LTC: 90% of 550,000 = 495,000; LTV: 80% of 500,000 = 400,000; needed: 50,000 + 400,000.
    expect(figure(html, 'maximum-loan')).toBe('$400,000.00');
    expect(figure(html, 'binding')).toBe('Loan-to-value');
    expect(html).toContain('80% of the value when complete ($500,000.00) is $400,000.00, less than 90% of the project cost');
    expect(figure(html, 'ltc-limit')).toBe('$495,000.00');
    expect(figure(html, 'ltv-limit')).toBe('$400,000.00');
    expect(figure(html, 'land-equity')).toBe('$100,000.00');
    expect(figure(html, 'cash-at-closing')).toBe('$50,000.00');
    expect(html).toContain('the build and the $50,000.00 still owed on the land');
    expect(html).toContain('an estimate, not an offer of credit');
  });

  it('land being bought: no equity, what is owed is ignored, loan-to-cost binds', () => {
    const html = render('maximum-loan', 'land=buying&landValue=100000&landOwed=999999&cost=400000&value=700000&ltc=90&ltv=80');
    // LTC: 90% of 500,000 = 450,000 < LTV 560,000; needed: the land's 100,000 and the build.
    expect(figure(html, 'maximum-loan')).toBe('$450,000.00');
    expect(figure(html, 'binding')).toBe('Loan-to-cost');
    expect(figure(html, 'land-equity')).toBe('$0.00');
    expect(figure(html, 'cash-at-closing')).toBe('$50,000.00');
    expect(html).toContain('you are buying the land');
  });

  it('the defaults: what the project needs binds', () => {
    const html = render('maximum-loan', '');
    expect(figure(html, 'maximum-loan')).toBe('$400,000.00');
    expect(figure(html, 'binding')).toBe('What the project needs');
    expect(figure(html, 'cash-at-closing')).toBe('$0.00');
  });

  it('the e-mail and the lead describe the same run', () => {
    const values = parseCalculatorQuery(
      'maximum-loan',
      new URLSearchParams('land=buying&landValue=100000&cost=400000&value=700000'),
      FALLBACK_DEFAULTS,
    );
    const results = describeEstimate('maximum-loan', values.values).results;
    expect(results).toContainEqual({ label: 'Cash needed at closing', value: '$50,000.00' });
  });
});

describe('debt-to-income as the server renders it', () => {
  it('within the maximum: both ratios and the room left', () => {
    const html = render('debt-to-income', 'income=12000&debts=800&payment=2594.39');
    expect(figure(html, 'front-end')).toBe('21.62%');
    expect(figure(html, 'back-end')).toBe('28.29%');
    // 50% of 12,000 is 6,000; 6,000 − 3,394.39.
    expect(html).toContain('Within our 50% maximum: $2,605.61 a month of room');
    expect(html).not.toContain('Over 50%');
  });

  it('over the maximum: clear words and what would reach it', () => {
    const html = render('debt-to-income', 'income=6000&debts=1500&payment=3200');
    expect(figure(html, 'back-end')).toBe('78.33%');
    expect(html).toContain(
      'Over our 50% maximum: your debts with this payment are 78.33% of your income. To reach 50%, pay $1,700.00 less a month in debts or housing, or show a gross income of at least $9,400.00 a month.',
    );
    expect(html).toContain('The housing payment alone is 53.33% of your income, over 50% too.');
  });

  it('the payment calculator’s link prefills the payment', () => {
    const html = render('debt-to-income', 'payment=3539.64');
    expect(html).toMatch(/name="payment"[^>]*value="3539.64"|value="3539.64"[^>]*name="payment"/);
  });
});

describe('maximum loan when the land owes more than it is worth', () => {
  it('no equity, and the split adds up to what is paid', () => {
    const html = render('maximum-loan', 'land=owned&landValue=50000&landOwed=80000&cost=400000&value=600000&ltc=90&ltv=80');
    // LTC 90% of 450,000 = 405,000 binds (LTV 480,000); needed 480,000; cash 75,000.
    expect(figure(html, 'maximum-loan')).toBe('$405,000.00');
    expect(figure(html, 'land-equity')).toBe('$0.00');
    expect(figure(html, 'cash-at-closing')).toBe('$75,000.00');
    expect(html).toContain('How the project’s $480,000.00 is paid for');
  });
});

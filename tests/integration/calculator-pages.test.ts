import { describe, expect, it } from 'vitest';
import { renderCalculatorPage } from '../support/calculator-page';

/**
 * The construction-interest page as the server renders it from a query (what a visitor without
 * JavaScript gets after the GET form): the figures and the refusal of a bad value, checked here
 * rather than by loading the page again in a browser (tests/e2e/calculators.spec.ts keeps the form
 * being filled in and sent).
 */
const render = (query: string) => renderCalculatorPage('construction-interest', query);

/** The text of the element with this data-testid (no nested elements of the same tag). */
function testIdText(html: string, testId: string): string {
  const match = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  expect(match, testId).not.toBeNull();
  return match![2]!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');
}

describe('construction interest as the server renders it', () => {
  it('the monthly interest is a payment: its APR (three decimals) and the interest-only terms beside it', () => {
    const html = render('amount=400000&rate=7.5&months=12&draw=even');
    expect(testIdText(html, 'total-interest')).toBe('$16,250.00');
    expect(testIdText(html, 'payment')).toBe('$2,500.00');
    expect(testIdText(html, 'apr')).toMatch(/^\d+\.\d{3}%$/);
    expect(testIdText(html, 'terms')).toContain('interest only');
    // The amount from the form's next GET: half the loan, half the interest.
    expect(testIdText(render('amount=200000&rate=7.5&months=12&draw=even'), 'total-interest')).toBe('$8,125.00');
  });

  it('too many months: the alert names the field and the rule, the field is marked invalid and keeps the value', () => {
    const html = render('amount=200000&rate=7.5&months=99&draw=even');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Please check');
    expect(html).toContain('Months of construction: Enter a whole number from 1 to 36.');
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*value="99"|<input[^>]*value="99"[^>]*aria-invalid="true"/);
  });
});

import { describe, expect, it } from 'vitest';
import { renderCalculatorPage } from '../../tests/support/calculator-page';
import { BUILT_CALCULATORS } from './catalog';
import { axisLabel, niceStep } from './chart-scale';
import { existsSync } from 'node:fs';

const render = renderCalculatorPage;

describe('calculator pages as the server renders them', () => {
  it('interest during construction: the worked example, its schedule, the APR and terms beside the payment', () => {
    const html = render('construction-interest', 'amount=400000&rate=7.5&months=12&draw=even');
    expect(html).toContain('$16,250.00');
    expect(html.match(/<tr/g)).toHaveLength(14);
    expect(html).toContain('Annual percentage rate (APR)');
    expect(html).toContain('an estimate, not an offer of credit');
    // The form is a GET to the page itself and names its answer for the boot script's stale mark.
    const form = /<form[^>]*>/.exec(html)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/calculators/construction-interest"');
    expect(html).toContain('data-live-answer="calc-results"');
  });

  it('payment after conversion: the worked example with the APR of Reg Z beside it', () => {
    const html = render('construction-to-permanent', 'amount=400000&rate=6.75&years=30&points=0');
    expect(html).toContain('$2,594.39');
    // No points: the APR is the note rate.
    expect(html).toContain('6.750%');
    expect(html).toContain('/calculators/debt-to-income?payment=2594.39');
  });

  it('a bad query shows what to fix, beside the field and in the results, and keeps what was typed', () => {
    const html = render('construction-to-permanent', 'amount=abc&years=99');
    expect(html).toContain('role="alert"');
    expect(html).toContain('Term (years): Enter a whole number from 1 to 40.');
    expect(html).toMatch(/aria-invalid="true"[^>]*value="abc"|value="abc"[^>]*aria-invalid="true"/);
  });

  it('every listed calculator has its page', () => {
    for (const id of BUILT_CALCULATORS) expect(existsSync(`app/(site)/calculators/${id}/page.tsx`), id).toBe(true);
  });
});

describe('chart axis', () => {
  it('labels are the same on the server and in any browser (no Intl compact notation)', () => {
    expect([0, 500, 1000, 2500, 1_500_000].map(axisLabel)).toEqual(['$0', '$500', '$1K', '$2.5K', '$1.5M']);
  });

  it('steps are 1, 2 or 5 times a power of ten', () => {
    expect([2500, 30_000, 99].map(niceStep)).toEqual([1000, 10_000, 50]);
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderCalculatorPage } from '../../../tests/support/calculator-page';
import { checkDraws } from '../query-draws';
import { calculatorPageSetup } from '../page-setup';
import { FALLBACK_DEFAULTS, type CalculatorId } from '../registry';
import { constructionInterestResults } from '../views/construction-interest';
import { constructionToPermanentResults } from '../views/construction-to-permanent';
import { LIVE_CONFIG_ATTRIBUTE, LIVE_ID } from './ids';
import { startLive } from './start';

/** The page as the server renders it for `query`, with the live script's configuration. */
function openPage(id: CalculatorId, query: string) {
  document.body.innerHTML = renderCalculatorPage(id, query);
  const { setup } = calculatorPageSetup(id, new URLSearchParams(query), FALLBACK_DEFAULTS);
  document.getElementById(LIVE_ID)!.setAttribute(LIVE_CONFIG_ATTRIBUTE, JSON.stringify(setup));
}

const figure = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)!.textContent;
/** What the server shows for `query`, by test id. */
function serverFigure(id: CalculatorId, query: string, testId: string): string {
  const html = renderCalculatorPage(id, query);
  return new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)![1]!;
}

function type(name: string, value: string) {
  const field = document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => {
  vi.useFakeTimers();
  history.replaceState(null, '', '/calculators/construction-to-permanent');
});

describe('a calculator’s live script', () => {
  it('answers each digit with the figures the server computes for the same query, and the address follows', () => {
    openPage('construction-to-permanent', 'amount=400000&rate=6.75&years=30&points=0');
    startLive(constructionToPermanentResults);
    document.getElementById('calc-results')!.setAttribute('data-early-stale', '');
    type('amount', '4000000');
    const query = 'amount=4000000&rate=6.75&years=30&points=0';
    expect(figure('payment')).toBe(serverFigure('construction-to-permanent', query, 'payment'));
    expect(figure('apr')).toBe(serverFigure('construction-to-permanent', query, 'apr'));
    expect(document.querySelectorAll('#calc-live tbody tr')).toHaveLength(30);
    expect(document.getElementById('calc-results')!.hasAttribute('data-early-stale')).toBe(false);
    vi.advanceTimersByTime(500);
    expect(location.search).toBe(`?${query}`);
  });

  it('computes at once what was typed before it loaded, and shows what to fix without an alert', () => {
    openPage('construction-interest', 'amount=400000&rate=7.5&months=12&draw=even');
    document.querySelector<HTMLInputElement>('[name="amount"]')!.value = '200000';
    startLive(constructionInterestResults, { draws: checkDraws });
    expect(figure('total-interest')).toBe('$8,125.00');
    type('months', '99');
    expect(document.querySelector('[data-testid="invalid-inputs"]')!.getAttribute('role')).toBeNull();
    expect(document.getElementById(LIVE_ID)!.textContent).toContain('Months of construction: ');
  });

  it('leaves a page alone that has no configuration (the ad archive)', () => {
    document.body.innerHTML = renderCalculatorPage('construction-to-permanent', 'amount=400000', { live: false });
    const before = document.body.innerHTML;
    startLive(constructionToPermanentResults);
    type('amount', '5');
    expect(document.body.innerHTML.replace(/value="[^"]*"/g, '')).toBe(before.replace(/value="[^"]*"/g, ''));
  });
});

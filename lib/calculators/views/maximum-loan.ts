import { MAXIMUM_LOAN_COPY as copy } from '../copy';
import { formatUsd, sum, type Exact } from '../exact';
import { fillTemplate } from '../fill-template';
import { h } from '../markup/node';
import { figure, figures, invalidInputs } from '../markup/parts';
import { runMaximumLoan } from '../runs/maximum-loan';
import { showPercent } from '../runs/shared';
import type { ResultsView } from './types';

/** 90 → '90%', 87.5 → '87.5%'. */
const percentage = (valuePercent: Exact) => showPercent(valuePercent).replace(/\.?0+%$/, '%');

/**
 * How much can I borrow: the maximum loan, the limit that binds and why, both limits, the land's
 * equity toward the down payment and the cash needed at closing, and a bar of how the project is
 * paid for (plain elements sized in percent: no chart code).
 */
export const maximumLoanResults: ResultsView = (parsed, inputs, alert) => {
  if (!parsed.ok) return invalidInputs(parsed.errors, inputs, alert);
  const run = runMaximumLoan(parsed.values);
  const r = run.result;
  const words: Record<string, string> = {
    ltc: percentage(run.ltcPercent),
    ltv: percentage(run.ltvPercent),
    total: formatUsd(r.totalCost),
    land: formatUsd(run.landValue),
    cost: formatUsd(run.constructionCost),
    value: formatUsd(run.completedValue),
    ltcLimit: formatUsd(r.ltcLimit),
    ltvLimit: formatUsd(r.ltvLimit),
    needed: formatUsd(r.fundsNeeded),
    loan: formatUsd(r.maximumLoan),
    owed: formatUsd(run.landOwed),
  };
  words.parts = fillTemplate(run.buying ? copy.parts.buying : run.landOwed.n > 0n ? copy.parts.owing : copy.parts.owned, words);
  // What pays for the project: the land's cost and the build, or more when the land owes more than it is worth.
  const split = [r.maximumLoan, r.landEquity, r.cashAtClosing];
  words.paid = formatUsd(sum(split));
  const fill = (template: string) => fillTemplate(template, words);
  return [
    figures(
      figure(copy.maximum, words.loan!, { testId: 'maximum-loan' }),
      figure(copy.binding, copy.names[r.binding], { detail: fill(copy.why[r.binding]), testId: 'binding' }),
      figure(copy.ltcLimit, words.ltcLimit!, { detail: fill(copy.ltcDetail), testId: 'ltc-limit' }),
      figure(copy.ltvLimit, words.ltvLimit!, { detail: fill(copy.ltvDetail), testId: 'ltv-limit' }),
      figure(copy.equity, formatUsd(r.landEquity), {
        detail: fill(run.buying ? copy.equityBuying : copy.equityOwned),
        testId: 'land-equity',
      }),
      figure(copy.cash, formatUsd(r.cashAtClosing), { detail: fill(copy.cashDetail), testId: 'cash-at-closing' }),
    ),
    splitBar(fill(copy.split), copy.splitParts, split),
  ];
};

/** One bar split into the loan, the land's equity and the cash, with its legend in words. */
function splitBar(title: string, names: string[], amounts: Exact[]) {
  const numbers = amounts.map((a) => Number(a.n) / Number(a.d));
  const whole = numbers.reduce((x, y) => x + y, 0) || 1;
  return h(
    'figure',
    { class: 'calc-split' },
    h('figcaption', null, title),
    h(
      'div',
      { 'aria-hidden': 'true' },
      numbers.map((n) => h('span', { style: `width:${Math.round((1000 * n) / whole) / 10}%` })),
    ),
    h(
      'ul',
      null,
      names.map((name, i) => h('li', null, `${name}: ${formatUsd(amounts[i]!)}`)),
    ),
  );
}

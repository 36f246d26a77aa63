import { DEBT_TO_INCOME_COPY as copy } from '../copy';
import { formatPercent, formatUsd, type Exact } from '../exact';
import { fillTemplate } from '../fill-template';
import { h } from '../markup/node';
import { figure, figures, invalidInputs } from '../markup/parts';
import { isOver, runDebtToIncome } from '../runs/debt-to-income';
import type { ResultsView } from './types';

/**
 * Debt-to-income: the front-end and back-end ratios, each with a bar against the maximum the site
 * advertises, and in words whether the debts fit under it and what would bring them there.
 */
export const debtToIncomeResults: ResultsView = (parsed, inputs, alert) => {
  if (!parsed.ok) return invalidInputs(parsed.errors, inputs, alert);
  const run = runDebtToIncome(parsed.values);
  const r = run.result;
  const words = {
    max: formatPercent(r.maximum, 0),
    front: formatPercent(r.frontEnd),
    back: formatPercent(r.backEnd),
    income: formatUsd(run.income),
    payment: formatUsd(run.payment),
    debts: formatUsd(run.totalDebts),
    room: formatUsd(run.room),
    excess: formatUsd(run.excess),
    needed: formatUsd(run.incomeNeeded),
  };
  const fill = (template: string) => fillTemplate(template, words);
  const ratio = (label: string, value: string, ratio: Exact, detail: string, testId: string) => {
    const over = isOver(ratio, r.maximum);
    return figure(label, value, {
      testId,
      detail: [
        h('span', { class: over ? 'calc-over' : 'calc-within' }, fill(over ? copy.over : copy.within)),
        ` ${fill(detail)}`,
        meter(ratio, over),
      ],
    });
  };
  return [
    h(
      'p',
      { class: r.withinMaximum ? 'calc-verdict' : 'calc-verdict calc-verdict-over', 'data-testid': 'dti-verdict' },
      fill(r.withinMaximum ? copy.verdictWithin : copy.verdictOver),
      isOver(r.frontEnd, r.maximum) ? ` ${fill(copy.frontOver)}` : null,
    ),
    figures(
      ratio(copy.frontEnd, words.front, r.frontEnd, copy.frontDetail, 'front-end'),
      ratio(copy.backEnd, words.back, r.backEnd, copy.backDetail, 'back-end'),
    ),
    h('p', { class: 'calc-note' }, fill(copy.scale)),
  ];
};

/** A ratio from 0 to 100% of income as a bar, the maximum a line across it at 50% (CSS). */
function meter(ratio: Exact, over: boolean) {
  const width = Math.min(100, Math.round((1000 * Number(ratio.n)) / Number(ratio.d)) / 10);
  return h(
    'span',
    { class: 'calc-meter', 'aria-hidden': 'true' },
    h('span', { class: over ? 'calc-over' : null, style: `width:${width}%` }),
  );
}

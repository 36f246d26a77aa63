import { CONSTRUCTION_INTEREST_COPY as copy } from '../copy';
import { formatUsd, toCents } from '../exact';
import { barChart, figure, figures, invalidInputs, paymentDisclosure, scheduleTable } from '../markup/parts';
import { constructionInterestTerms, runConstructionInterest } from '../runs/construction-interest';
import { showPercent } from '../runs/shared';
import type { ResultsView } from './types';

const dollars = (cents: bigint) => Number(cents) / 100;

/**
 * Interest during construction: the total and the loan drawn, the largest monthly payment with its
 * APR and terms (Reg Z 1026.24), a chart of the interest by month and the draw schedule.
 */
export const constructionInterestResults: ResultsView = (parsed, inputs, alert) => {
  if (!parsed.ok) return invalidInputs(parsed.errors, inputs, alert);
  const run = runConstructionInterest(parsed.values);
  const { months, totalDrawn, totalInterest } = run.result;
  const last = months[months.length - 1]!;
  // The schedule in words, as its field's option says it.
  const schedule = inputs.find((input) => input.name === 'draw')?.options?.find((o) => o.value === run.schedule)?.label ?? '';
  return [
    figures(
      figure(copy.totalInterest, formatUsd(totalInterest), { testId: 'total-interest' }),
      figure(copy.drawn, formatUsd(totalDrawn), { detail: `${months.length} monthly draws` }),
    ),
    paymentDisclosure(
      { label: copy.payment, value: formatUsd(last.interest) },
      showPercent(run.aprPercent, 3),
      `${months.length} months, interest only`,
      constructionInterestTerms(run, schedule),
    ),
    barChart({
      title: copy.chart,
      description: `From ${formatUsd(months[0]!.interest)} to ${formatUsd(last.interest)} a month as the loan is drawn.`,
      categories: months.map((m) => String(m.month)),
      series: [{ name: 'Interest', fill: 'fill-brand-700', values: months.map((m) => dollars(toCents(m.interest))) }],
      labelEvery: months.length > 18 ? 3 : 1,
    }),
    scheduleTable(
      copy.table,
      copy.columns,
      months.map((m) => [String(m.month), formatUsd(m.draw), formatUsd(m.balance), formatUsd(m.interest)]),
      ['Total', formatUsd(totalDrawn), '', formatUsd(totalInterest)],
    ),
  ];
};

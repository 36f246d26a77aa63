import { CONSTRUCTION_TO_PERMANENT_COPY as copy } from '../copy';
import { formatCents } from '../exact';
import { h } from '../markup/node';
import { barChart, figure, figures, invalidInputs, paymentDisclosure, scheduleTable } from '../markup/parts';
import { constructionToPermanentTerms, paymentDollars, runConstructionToPermanent } from '../runs/construction-to-permanent';
import { showPercent } from '../runs/shared';
import type { ResultsView } from './types';

const dollars = (cents: bigint) => Number(cents) / 100;

/** The debt-to-income calculator's page, whose `payment` input this calculator's payment fills. */
const DEBT_TO_INCOME_PATH = '/calculators/debt-to-income';

/**
 * Payment after conversion: the permanent loan's principal and interest, its APR and terms beside
 * it (Reg Z 1026.24), the total interest and a year-by-year amortization chart and table.
 */
export const constructionToPermanentResults: ResultsView = (parsed, inputs, alert) => {
  if (!parsed.ok) return invalidInputs(parsed.errors, inputs, alert);
  const run = runConstructionToPermanent(parsed.values);
  const r = run.result;
  return [
    paymentDisclosure(
      { label: copy.payment, value: formatCents(r.paymentCents) },
      showPercent(run.aprPercent, 3),
      `${r.months / 12} years, fixed`,
      constructionToPermanentTerms(run),
    ),
    h('p', { class: 'calc-link' }, h('a', { href: `${DEBT_TO_INCOME_PATH}?payment=${paymentDollars(run)}` }, copy.dti)),
    figures(
      figure(copy.totalInterest, formatCents(r.totalInterestCents), { testId: 'total-interest' }),
      figure(copy.totalPaid, formatCents(r.totalPaidCents)),
    ),
    barChart({
      title: copy.chart,
      description: `${r.years.length} years: mostly interest at first, mostly principal later.`,
      categories: r.years.map((y) => String(y.year)),
      series: [
        { name: 'Principal', fill: 'fill-brand-700', values: r.years.map((y) => dollars(y.principalCents)) },
        { name: 'Interest', fill: 'fill-amber-500', values: r.years.map((y) => dollars(y.interestCents)) },
      ],
      labelEvery: r.years.length > 15 ? 5 : 1,
    }),
    scheduleTable(
      copy.table,
      copy.columns,
      r.years.map((y) => [
        String(y.year),
        formatCents(y.principalCents),
        formatCents(y.interestCents),
        formatCents(y.balanceCents),
      ]),
      ['Total', formatCents(r.totalPaidCents - r.totalInterestCents), formatCents(r.totalInterestCents), ''],
    ),
  ];
};

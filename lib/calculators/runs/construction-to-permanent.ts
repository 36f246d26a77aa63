import { amortize, type Amortization } from '../amortization';
import { amountFinancedCents, annualPercentageRate, financeChargesCents } from '../apr';
import { formatCents, type Exact } from '../exact';
import { fillTemplate } from '../fill-template';
import { d, showPercent } from './shared';

/** Payment after conversion: checked values → the amortization, the APR (Appendix J) and the terms. */

export interface ConstructionToPermanentRun {
  id: 'construction-to-permanent';
  result: Amortization;
  ratePercent: Exact;
  pointsPercent: Exact;
  /** The loan amount, for the points and fees in the terms. */
  amount: Exact;
  aprPercent: Exact;
}

export function runConstructionToPermanent(values: Record<string, string>): ConstructionToPermanentRun {
  const amount = d(values.amount);
  const ratePercent = d(values.rate);
  const pointsPercent = d(values.points);
  const result = amortize({ amount, ratePercent, years: Number(values.years) });
  const payments = Array.from({ length: result.payments }, (_, i) =>
    i === result.payments - 1 ? result.finalPaymentCents : result.paymentCents,
  );
  const aprPercent = annualPercentageRate(amountFinancedCents(amount, pointsPercent), payments);
  return { id: 'construction-to-permanent', result, ratePercent, pointsPercent, amount, aprPercent };
}

/**
 * The terms the payment after conversion assumes, in words. The sentence is a template of
 * ../copy.ts (CONSTRUCTION_TO_PERMANENT_COPY.terms), so the browser's script carries only the
 * figures: the page hands the words over with its copy.
 */
export function constructionToPermanentTerms(run: ConstructionToPermanentRun, template: string): string {
  const r = run.result;
  return fillTemplate(template, {
    payments: String(r.payments),
    payment: formatCents(r.paymentCents),
    last: r.finalPaymentCents !== r.paymentCents ? ` (the last ${formatCents(r.finalPaymentCents)})` : '',
    rate: showPercent(run.ratePercent, 3),
    years: String(r.months / 12),
    fees: formatCents(financeChargesCents(run.amount, run.pointsPercent)),
  });
}

/** The monthly payment calculator 2 found, in dollars ('2594.39'), for calculator 4's payment field. */
export const paymentDollars = (run: ConstructionToPermanentRun): string => (Number(run.result.paymentCents) / 100).toFixed(2);

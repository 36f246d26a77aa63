import { amortize, type Amortization } from '../amortization';
import { amountFinancedCents, annualPercentageRate, financeChargesCents } from '../apr';
import { formatCents, type Exact } from '../exact';
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

/** The terms the payment after conversion assumes. */
export function constructionToPermanentTerms(run: ConstructionToPermanentRun): string {
  const r = run.result;
  return (
    `${r.payments} monthly payments of ${formatCents(r.paymentCents)}` +
    (r.finalPaymentCents !== r.paymentCents ? ` (the last ${formatCents(r.finalPaymentCents)})` : '') +
    `, fixed rate ${showPercent(run.ratePercent, 3)} fully amortizing over ${r.months / 12} years, ` +
    `${formatCents(financeChargesCents(run.amount, run.pointsPercent))} in points and fees; taxes and insurance not included.`
  );
}

/** The monthly payment calculator 2 found, in dollars ('2594.39'), for calculator 4's payment field. */
export const paymentDollars = (run: ConstructionToPermanentRun): string => (Number(run.result.paymentCents) / 100).toFixed(2);

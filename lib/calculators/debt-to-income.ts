import { add, compare, div, exact, percent, type Exact } from './exact';

/**
 * Debt-to-income (issue 19, calculator 4): the front-end ratio (the proposed housing payment ÷
 * gross monthly income) and the back-end ratio (that payment plus every other monthly debt ÷
 * income), each against the 50% maximum the site advertises.
 */

export const MAX_DTI_PERCENT = '50';

export interface DebtToIncomeInput {
  monthlyIncome: Exact;
  monthlyDebts: Exact;
  proposedPayment: Exact;
}

export interface DebtToIncome {
  frontEnd: Exact;
  backEnd: Exact;
  maximum: Exact;
  /** The back-end ratio is at or under the maximum. */
  withinMaximum: boolean;
}

export function debtToIncome(input: DebtToIncomeInput, maximumPercent: Exact = exact(50)): DebtToIncome {
  if (compare(input.monthlyIncome, exact(0)) <= 0) throw new RangeError('Monthly income must be more than zero.');
  const frontEnd = div(input.proposedPayment, input.monthlyIncome);
  const backEnd = div(add(input.proposedPayment, input.monthlyDebts), input.monthlyIncome);
  const maximum = percent(maximumPercent);
  return { frontEnd, backEnd, maximum, withinMaximum: compare(backEnd, maximum) <= 0 };
}

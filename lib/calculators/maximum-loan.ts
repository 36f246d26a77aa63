import { add, compare, max, min, mul, percent, sub, ZERO, type Exact } from './exact';

/**
 * How much can I borrow (issue 19, calculator 3). A construction loan is limited twice: by
 * loan-to-cost (a share of the whole project, land and build) and by loan-to-value (a share of
 * what the finished home appraises at). The lesser binds. Equity in the land the borrower owns
 * (its value less what is owed on it) counts toward the down payment; whatever the loan and the
 * equity do not cover is cash at closing. The loan never exceeds what the project needs.
 */

export const DEFAULT_LTC_PERCENT = '90';
export const DEFAULT_LTV_PERCENT = '80';

export interface MaximumLoanInput {
  /** What the land is worth (owned) or costs (being bought). */
  landValue: Exact;
  /** Still owed on the land; for land being bought with the loan, its whole price. */
  landOwed: Exact;
  constructionCost: Exact;
  /** The appraised value when complete. */
  completedValue: Exact;
  ltcPercent: Exact;
  ltvPercent: Exact;
}

export type BindingLimit = 'ltc' | 'ltv' | 'need';

export interface MaximumLoan {
  totalCost: Exact;
  landEquity: Exact;
  ltcLimit: Exact;
  ltvLimit: Exact;
  /** What the project must still pay for: the land owed and the build. */
  fundsNeeded: Exact;
  maximumLoan: Exact;
  binding: BindingLimit;
  cashAtClosing: Exact;
}

export function maximumLoan(input: MaximumLoanInput): MaximumLoan {
  const totalCost = add(input.landValue, input.constructionCost);
  const landEquity = max(ZERO, sub(input.landValue, input.landOwed));
  const ltcLimit = mul(totalCost, percent(input.ltcPercent));
  const ltvLimit = mul(input.completedValue, percent(input.ltvPercent));
  const fundsNeeded = add(input.landOwed, input.constructionCost);
  const byLimits = min(ltcLimit, ltvLimit);
  const maximumLoan = min(byLimits, fundsNeeded);
  const binding: BindingLimit = compare(fundsNeeded, byLimits) < 0 ? 'need' : compare(ltcLimit, ltvLimit) <= 0 ? 'ltc' : 'ltv';
  const cashAtClosing = max(ZERO, sub(fundsNeeded, maximumLoan));
  return { totalCost, landEquity, ltcLimit, ltvLimit, fundsNeeded, maximumLoan, binding, cashAtClosing };
}

import type { Exact } from '../exact';
import { maximumLoan, type MaximumLoan } from '../maximum-loan';
import { d } from './shared';

/**
 * How much can I borrow: checked values → the engine's limits. Land being bought is owed in full
 * (the loan pays its price), so what the form says is still owed applies only to land owned.
 */

export interface MaximumLoanRun {
  id: 'maximum-loan';
  result: MaximumLoan;
  buying: boolean;
  landValue: Exact;
  landOwed: Exact;
  constructionCost: Exact;
  completedValue: Exact;
  ltcPercent: Exact;
  ltvPercent: Exact;
}

export function runMaximumLoan(values: Record<string, string>): MaximumLoanRun {
  const buying = values.land === 'buying';
  const landValue = d(values.landValue);
  const landOwed = buying ? landValue : d(values.landOwed);
  const constructionCost = d(values.cost);
  const completedValue = d(values.value);
  const ltcPercent = d(values.ltc);
  const ltvPercent = d(values.ltv);
  const result = maximumLoan({ landValue, landOwed, constructionCost, completedValue, ltcPercent, ltvPercent });
  return { id: 'maximum-loan', result, buying, landValue, landOwed, constructionCost, completedValue, ltcPercent, ltvPercent };
}

import { debtToIncome, MAX_DTI_PERCENT, type DebtToIncome } from '../debt-to-income';
import { add, compare, div, max, mul, sub, ZERO, type Exact } from '../exact';
import { d } from './shared';

/**
 * Debt-to-income: checked values → both ratios against the maximum the site advertises, and what
 * would bring the back-end ratio to it (the room left under it, or how far over it is).
 */

export interface DebtToIncomeRun {
  id: 'debt-to-income';
  result: DebtToIncome;
  income: Exact;
  payment: Exact;
  /** Every monthly debt with the proposed payment. */
  totalDebts: Exact;
  /** Income × the maximum less the debts: the room left a month (0 when over). */
  room: Exact;
  /** How much less a month the debts must be to reach the maximum (0 when within). */
  excess: Exact;
  /** The gross monthly income at which these debts are exactly at the maximum. */
  incomeNeeded: Exact;
}

export function runDebtToIncome(values: Record<string, string>): DebtToIncomeRun {
  const income = d(values.income);
  const payment = d(values.payment);
  const totalDebts = add(d(values.debts), payment);
  const result = debtToIncome(
    { monthlyIncome: income, monthlyDebts: d(values.debts), proposedPayment: payment },
    d(MAX_DTI_PERCENT),
  );
  const allowed = mul(income, result.maximum);
  return {
    id: 'debt-to-income',
    result,
    income,
    payment,
    totalDebts,
    room: max(ZERO, sub(allowed, totalDebts)),
    excess: max(ZERO, sub(totalDebts, allowed)),
    incomeNeeded: div(totalDebts, result.maximum),
  };
}

/** The ratio is over the maximum. */
export const isOver = (ratio: Exact, maximum: Exact) => compare(ratio, maximum) > 0;

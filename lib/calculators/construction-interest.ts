import { add, div, exact, mul, percent, sum, ZERO, type Exact } from './exact';

/**
 * Interest during construction (issue 19, calculator 1). The loan is drawn at the start of each
 * month; each month's interest is the balance drawn so far × the annual rate ÷ 12, so the
 * borrower pays interest only on what the builder has been paid. Exact to the end: 400,000 at
 * 7.5% in 12 even draws is exactly $16,250.00.
 */

export const DRAW_SCHEDULES = ['even', 'front', 'back', 'custom'] as const;
export type DrawSchedule = (typeof DRAW_SCHEDULES)[number];

export interface ConstructionInterestInput {
  /** The loan drawn over the build (for a custom schedule: the sum of the draws). */
  amount: Exact;
  /** Annual rate in percent (7.5 for 7.5%). */
  ratePercent: Exact;
  months: number;
  schedule: DrawSchedule;
  /** Custom draws, one per month (schedule 'custom' only). */
  draws?: Exact[];
}

export interface InterestMonth {
  month: number;
  draw: Exact;
  /** Drawn so far, this month's draw included. */
  balance: Exact;
  interest: Exact;
}

export interface ConstructionInterest {
  months: InterestMonth[];
  totalDrawn: Exact;
  totalInterest: Exact;
}

/**
 * Each month's draw. Front- and back-loaded schedules weigh the months linearly from 2 to 1 (or
 * 1 to 2): with n months the weight of month i (from 0) is 2(n − 1) − i against n − 1 for the
 * last, i.e. 2:1 from first to last; the weights are scaled to add up to the amount exactly.
 */
export function drawsFor(input: Pick<ConstructionInterestInput, 'amount' | 'months' | 'schedule' | 'draws'>): Exact[] {
  const { amount, months, schedule } = input;
  if (schedule === 'custom') return input.draws ?? [];
  if (schedule === 'even' || months === 1) return Array.from({ length: months }, () => div(amount, exact(months)));
  const span = months - 1;
  const weights = Array.from({ length: months }, (_, i) => exact(schedule === 'front' ? 2 * span - i : span + i));
  const total = sum(weights);
  return weights.map((w) => mul(amount, div(w, total)));
}

export function constructionInterest(input: ConstructionInterestInput): ConstructionInterest {
  const monthly = div(percent(input.ratePercent), exact(12));
  let balance = ZERO;
  const months = drawsFor(input).map((draw, i) => {
    balance = add(balance, draw);
    return { month: i + 1, draw, balance, interest: mul(balance, monthly) };
  });
  return { months, totalDrawn: balance, totalInterest: sum(months.map((m) => m.interest)) };
}

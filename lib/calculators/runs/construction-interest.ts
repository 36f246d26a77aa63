import { constructionPeriodApr, financeChargesCents } from '../apr';
import { constructionInterest, type ConstructionInterest, type DrawSchedule } from '../construction-interest';
import { formatCents, formatUsd, sum, type Exact } from '../exact';
import { drawAmounts } from '../query-draws';
import { d, showPercent } from './shared';

/** Interest during construction: checked values → the schedule, the APR (Reg Z Appendix D) and the terms. */

export interface ConstructionInterestRun {
  id: 'construction-interest';
  result: ConstructionInterest;
  schedule: DrawSchedule;
  ratePercent: Exact;
  pointsPercent: Exact;
  /** Reg Z Appendix D estimate, in percent. */
  aprPercent: Exact;
}

export function runConstructionInterest(values: Record<string, string>): ConstructionInterestRun {
  const schedule = values.draw as DrawSchedule;
  const draws = schedule === 'custom' ? drawAmounts(values.draws ?? '') : undefined;
  const amount = draws ? sum(draws) : d(values.amount);
  const months = draws ? draws.length : Number(values.months);
  const ratePercent = d(values.rate);
  const pointsPercent = d(values.points);
  const result = constructionInterest({ amount, ratePercent, months, schedule, draws });
  return {
    id: 'construction-interest',
    result,
    schedule,
    ratePercent,
    pointsPercent,
    aprPercent: constructionPeriodApr(amount, ratePercent, months, pointsPercent),
  };
}

/** The terms the build period's figures assume (Reg Z: beside every payment). `schedule` in words. */
export function constructionInterestTerms(run: ConstructionInterestRun, schedule: string): string {
  const charges = financeChargesCents(run.result.totalDrawn, run.pointsPercent);
  return (
    `${run.result.months.length} monthly draws (${schedule.toLowerCase()}) totalling ${formatUsd(run.result.totalDrawn)}, ` +
    `interest-only payments at ${showPercent(run.ratePercent, 3)} on the balance drawn, the balance due at the end of construction, ` +
    `${formatCents(charges)} in points and fees; APR estimated as Regulation Z Appendix D allows.`
  );
}

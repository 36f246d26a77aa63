import { constructionInterest, DRAW_SCHEDULES, type ConstructionInterestInput, type DrawSchedule } from './construction-interest';
import { parseDecimal, sum, type Exact } from './exact';
import { cleanNumber, decimalField, type Parsed } from './interim-query';

/** What the construction-interest page reads from its query (issue 19, calculator 1). */
export const CONSTRUCTION_INTEREST = {
  id: 'construction-interest',
  path: '/calculators/construction-interest',
  fields: ['amount', 'rate', 'months', 'draw', 'draws'] as const,
} as const;

export const DRAW_LABELS: Record<DrawSchedule, string> = {
  even: 'Even draws',
  front: 'Front-loaded (2:1)',
  back: 'Back-loaded (1:2)',
  custom: 'Custom draws',
};

export const MAX_MONTHS = 36;

const isSchedule = (value: string): value is DrawSchedule => (DRAW_SCHEDULES as readonly string[]).includes(value);

/** INTERIM parser (see ./interim-query.ts). */
export function parseConstructionInterest(values: Record<string, string | undefined>): Parsed<ConstructionInterestInput> {
  const errors: Record<string, string> = {};
  const schedule = values.draw ?? 'even';
  if (!isSchedule(schedule)) errors.draw = 'Draw schedule: choose one of the listed schedules.';
  const ratePercent = decimalField(errors, 'rate', 'Interest rate', values.rate, { min: 0, max: 30 });
  const monthsValue = decimalField(errors, 'months', 'Months of construction', values.months, {
    min: 1,
    max: MAX_MONTHS,
    whole: true,
  });
  const months = monthsValue ? Number(monthsValue.n) : 0;
  let amount: Exact | null = null;
  let draws: Exact[] | undefined;
  if (schedule === 'custom') {
    const parts = (values.draws ?? '')
      .split(/[\s;]+|,(?=\s|$)|,(?!\d{3}(?:\D|$))/)
      .map(cleanNumber)
      .filter(Boolean);
    const parsed = parts.map((part) => parseDecimal(part));
    if (parts.length === 0 || parsed.some((draw) => !draw || draw.n < 0n))
      errors.draws = 'Custom draws: enter one amount per month, separated by spaces or new lines.';
    else if (months && parts.length !== months)
      errors.draws = `Custom draws: enter ${months} amounts, one per month (${parts.length} given).`;
    else {
      draws = parsed as Exact[];
      amount = sum(draws);
    }
  } else amount = decimalField(errors, 'amount', 'Loan amount', values.amount, { min: 0, max: 100_000_000, minExclusive: true });
  if (Object.keys(errors).length > 0 || !amount || !ratePercent || !isSchedule(schedule)) return { ok: false, errors };
  return { ok: true, input: { amount, ratePercent, months, schedule, draws }, errors: {} };
}

export { constructionInterest };

import { amortize, type AmortizationInput } from './amortization';
import { decimalField, type Parsed } from './interim-query';

/** What the payment-after-conversion page reads from its query (issue 19, calculator 2). */
export const CONSTRUCTION_TO_PERMANENT = {
  id: 'construction-to-permanent',
  path: '/calculators/construction-to-permanent',
} as const;

export const MAX_YEARS = 40;

/** INTERIM parser (see ./interim-query.ts). */
export function parseConstructionToPermanent(values: Record<string, string | undefined>): Parsed<AmortizationInput> {
  const errors: Record<string, string> = {};
  const amount = decimalField(errors, 'amount', 'Loan amount', values.amount, { min: 0, max: 100_000_000, minExclusive: true });
  const ratePercent = decimalField(errors, 'rate', 'Interest rate', values.rate, { min: 0, max: 30 });
  const years = decimalField(errors, 'years', 'Loan term', values.years, { min: 1, max: MAX_YEARS, whole: true });
  if (!amount || !ratePercent || !years) return { ok: false, errors };
  return { ok: true, input: { amount, ratePercent, years: Number(years.n) }, errors: {} };
}

export { amortize };

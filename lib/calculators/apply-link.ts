import { parseDecimal, sum, toCents, type Exact } from './exact';
import { FALLBACK_DEFAULTS, drawAmounts, parseCalculatorQuery, type CalculatorId } from './registry';
import { runMaximumLoan } from './runs/maximum-loan';

/**
 * 'Apply with these numbers' (issue 19): /apply with the application's own field names
 * (lib/leads/application-fields.ts) in the query, amounts as plain whole dollars, which /apply
 * reads on the server (lib/drafts/draft-values.ts prefillFromQuery), so the link works without
 * JavaScript. Each calculator fills what it knows: the loan amount, the construction cost, the
 * land, the income and debts. Inputs that do not check out give the plain application. Worked
 * out on the server: the calculator's form is sent to /calculators/apply, which redirects here.
 */

export const APPLY_PATH = '/apply';

/** Whole dollars of a non-negative amount, rounded half up. */
const whole = (value: Exact) => String((toCents(value) + 50n) / 100n);
const d = (value: string | undefined) => parseDecimal(value ?? '');
const dollars = (value: string | undefined) => {
  const exact = d(value);
  return exact ? whole(exact) : null;
};

/** The application's fields a calculator's checked values prefill. */
export function applyPrefill(id: CalculatorId, values: Record<string, string>): Record<string, string | null> {
  switch (id) {
    case 'construction-interest':
      // Custom draws set the loan: their sum.
      return { loanAmount: values.draw === 'custom' ? whole(sum(drawAmounts(values.draws ?? ''))) : dollars(values.amount) };
    case 'construction-to-permanent':
      return { loanAmount: dollars(values.amount) };
    case 'maximum-loan': {
      const { buying, result } = runMaximumLoan(values);
      const land: Record<string, string | null> = buying
        ? { ownLand: 'no', needLandLoan: 'yes', landSearchPriceRange: dollars(values.landValue) }
        : { ownLand: 'yes', landEstimatedValue: dollars(values.landValue), landBalance: dollars(values.landOwed) };
      return { loanAmount: whole(result.maximumLoan), constructionCosts: dollars(values.cost), ...land };
    }
    case 'debt-to-income':
      return { monthlyIncome: dollars(values.income), monthlyBills: dollars(values.debts) };
  }
}

/** The link, from the values a calculator page shows (checked again here: a link is only as good as its numbers). */
export function applyLink(id: CalculatorId, values: Record<string, string>): string {
  const parsed = parseCalculatorQuery(id, values, FALLBACK_DEFAULTS);
  if (!parsed.ok) return APPLY_PATH;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(applyPrefill(id, parsed.values))) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `${APPLY_PATH}?${query}` : APPLY_PATH;
}

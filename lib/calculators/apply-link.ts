import { wholeDollars, runCalculator } from './run';
import { FALLBACK_DEFAULTS, parseCalculatorQuery, type CalculatorId } from './registry';
import { parseDecimal } from './exact';

/**
 * 'Apply with these numbers' (issue 19): /apply with the application's own field names
 * (lib/leads/application-fields.ts) in the query, amounts as plain whole dollars, which /apply
 * reads on the server (lib/drafts/draft-values.ts prefillFromQuery), so the link works without
 * JavaScript. Each calculator fills what it knows: the loan amount, the construction cost, the
 * land, the income and debts. Inputs that do not check out give the plain application.
 */

export const APPLY_PATH = '/apply';

const dollars = (value: string | undefined) => {
  const exact = parseDecimal(value ?? '');
  return exact ? wholeDollars(exact) : null;
};

/** The application's fields a calculator's checked values prefill. */
export function applyPrefill(id: CalculatorId, values: Record<string, string>): Record<string, string | null> {
  switch (id) {
    case 'construction-interest': {
      const run = runCalculator(id, values);
      return run.id === 'construction-interest' ? { loanAmount: wholeDollars(run.result.totalDrawn) } : {};
    }
    case 'construction-to-permanent':
      return { loanAmount: dollars(values.amount) };
    case 'maximum-loan': {
      const run = runCalculator(id, values);
      if (run.id !== 'maximum-loan') return {};
      const land: Record<string, string | null> =
        values.land === 'buying'
          ? { ownLand: 'no', needLandLoan: 'yes', landSearchPriceRange: dollars(values.landValue) }
          : { ownLand: 'yes', landEstimatedValue: dollars(values.landValue), landBalance: dollars(values.landOwed) };
      return { loanAmount: wholeDollars(run.result.maximumLoan), constructionCosts: dollars(values.cost), ...land };
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

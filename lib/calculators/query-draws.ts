import { parseDecimal, type Exact } from './exact';
import { canonicalMoney, type Checked } from './query';

/**
 * The interest calculator's custom draws ('50,000, 80000; 120000'), read apart from ./query.ts so
 * only that calculator's script carries them.
 */

/** A comma that groups thousands ('50,000') belongs to the amount; any other separates two amounts. */
const GROUPED = /^\$?\d{1,3}(,\d{3})+(\.\d*)?$/;

function splitDraws(text: string): string[] {
  return text
    .split(/[\s;]+|,\s+/)
    .flatMap((token) => (GROUPED.test(token) ? [token] : token.split(',')))
    .map((part) => part.trim())
    .filter(Boolean);
}

export function checkDraws(text: string): Checked {
  const parts = splitDraws(text);
  if (parts.length === 0) return { error: 'Enter at least one draw amount.' };
  if (parts.length > 36) return { error: 'Enter at most 36 draws, one per month.' };
  const amounts = parts.map((part) => canonicalMoney(part));
  if (amounts.some((a) => a === null || Number(a) > 100_000_000))
    return { error: 'Enter each draw in dollars, separated by commas, e.g. 50000, 80000.' };
  if (amounts.every((a) => Number(a) === 0)) return { error: 'At least one draw must be more than $0.' };
  return { value: amounts.join(', ') };
}

/** The checked draws value ('50000, 80000') as amounts. */
export const drawAmounts = (value: string): Exact[] => value.split(', ').map((a) => parseDecimal(a)!);

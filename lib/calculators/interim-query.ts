import { parseDecimal, type Exact } from './exact';

/**
 * INTERIM (calc-pages): the query parsing the calculator pages use until lib/calculators/registry.ts
 * (parseCalculatorQuery) lands on main; then the pages switch to it and this file goes.
 */

export type Parsed<T> = { ok: true; input: T; errors: Record<string, never> } | { ok: false; errors: Record<string, string> };

/** '$400,000' or '7.5%' as typed: currency signs, separators and spaces are not part of the number. */
export const cleanNumber = (text: string) => text.replace(/[$,%\s]/g, '');

export function decimalField(
  errors: Record<string, string>,
  name: string,
  label: string,
  text: string | undefined,
  range: { min: number; max: number; minExclusive?: boolean; whole?: boolean },
): Exact | null {
  const value = parseDecimal(cleanNumber(text ?? ''));
  const number = value ? Number(value.n) / Number(value.d) : NaN;
  if (!value || (range.whole && value.d !== 1n)) {
    errors[name] = `${label}: enter ${range.whole ? 'a whole number' : 'a number'}.`;
    return null;
  }
  if (number > range.max || number < range.min || (range.minExclusive && number === range.min)) {
    errors[name] =
      `${label}: enter a number ${range.minExclusive ? 'above' : 'from'} ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}.`;
    return null;
  }
  return value;
}

import 'server-only';
import { parsePercent } from '../rates/percent';
import { getRates } from '../rates/queries.server';
import type { Rate } from '../rates/types';

/**
 * The calculators' inputs before a visitor changes them: the rate from the rates table (the first
 * rate the site advertises, the one the representative example uses too), typical amounts and
 * terms otherwise. Cached with the rates (getRates): an admin's rate change shows at once.
 */
export interface CalculatorRateDefaults {
  /** The advertised rate in percent as typed in a field ('6.75'). */
  rate: string;
}

const FALLBACK_RATE = '7.5';

export function rateDefaults(rates: readonly Rate[]): CalculatorRateDefaults {
  const first = rates.map((rate) => parsePercent(rate.rate)).find((value) => value !== null && value > 0);
  return { rate: first != null ? String(first) : FALLBACK_RATE };
}

export async function getCalculatorRateDefaults(): Promise<CalculatorRateDefaults> {
  return rateDefaults(await getRates());
}

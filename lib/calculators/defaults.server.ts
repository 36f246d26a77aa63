import 'server-only';
import { getSiteContent } from '../content/queries.server';
import { getRates } from '../rates/queries.server';
import { calculatorDefaultsFrom } from './defaults';
import type { CalculatorDefaults } from './registry';

/**
 * Where a visitor's calculation starts on the live site (./defaults.ts): both sources are cached
 * reads that a change of the rates or the content expires.
 */
export async function getCalculatorDefaults(): Promise<CalculatorDefaults> {
  const [rates, content] = await Promise.all([getRates(), getSiteContent()]);
  return calculatorDefaultsFrom(rates, content.calculators);
}

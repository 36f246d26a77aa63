import 'server-only';
import { getSiteContent } from '../content/queries.server';
import { parsePercent } from '../rates/percent';
import { getRates } from '../rates/queries.server';
import { FALLBACK_DEFAULTS, type CalculatorDefaults } from './registry';

/**
 * Where a visitor's calculation starts: the rate of the first row of the rates table (the one the
 * representative example uses too) and the owner's settings (Site Content › Calculators). Both are
 * cached reads that a change of the rates or the content expires.
 */
export async function getCalculatorDefaults(): Promise<CalculatorDefaults> {
  const [rates, content] = await Promise.all([getRates(), getSiteContent()]);
  const first = rates[0];
  const rate = first ? parsePercent(first.rate) : null;
  const settings = content.calculators;
  return {
    ratePercent: rate === null ? FALLBACK_DEFAULTS.ratePercent : String(rate),
    rateName: rate === null ? '' : first!.type,
    pointsPercent: String(settings.pointsPercent),
    ltcPercent: String(settings.ltcPercent),
    ltvPercent: String(settings.ltvPercent),
  };
}

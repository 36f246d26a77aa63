import type { SiteContent } from '../content/schema';
import { parsePercent } from '../rates/percent';
import type { Rate } from '../rates/types';
import { FALLBACK_DEFAULTS, type CalculatorDefaults } from './registry';

/**
 * Where a visitor's calculation starts, from what it is made of: the rate of the first row of the
 * rates table (the one the representative example uses too) and the owner's settings (Site
 * Content › Calculators). The live site reads both from the cache (./defaults.server.ts); the ad
 * archive from the versions live at a moment.
 */
export function calculatorDefaultsFrom(
  rates: readonly Pick<Rate, 'rate' | 'type'>[],
  settings: SiteContent['calculators'],
): CalculatorDefaults {
  const first = rates[0];
  const rate = first ? parsePercent(first.rate) : null;
  return {
    ratePercent: rate === null ? FALLBACK_DEFAULTS.ratePercent : String(rate),
    rateName: rate === null ? '' : first!.type,
    pointsPercent: String(settings.pointsPercent),
    ltcPercent: String(settings.ltcPercent),
    ltvPercent: String(settings.ltvPercent),
  };
}

import { CALCULATORS, type CalculatorDef, type CalculatorId } from './registry';

/**
 * The calculators whose page is built, in the order the index and the sitemap list them. The
 * registry (./registry.ts) knows all four; add an id here when its page exists.
 */
export const BUILT_CALCULATORS: readonly CalculatorId[] = [
  'construction-interest',
  'construction-to-permanent',
  'maximum-loan',
  'debt-to-income',
];

export const builtCalculators = (): CalculatorDef[] => BUILT_CALCULATORS.map((id) => CALCULATORS[id]);

import type { Amortization, AmortizationInput } from './amortization';
import { formatPercent, percent } from './exact';

/**
 * The APR shown beside a payment. INTERIM (calc-pages): with no points or fees assumed the APR is
 * the note rate to within rounding; once lib/calculators/apr.ts (the Reg Z computation of the
 * payment stream) is on main, this returns its figure instead.
 */
export function paymentAprPercent(input: AmortizationInput, _amortization: Amortization): string {
  return formatPercent(percent(input.ratePercent), 3);
}

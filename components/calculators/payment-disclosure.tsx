import type { Amortization, AmortizationInput } from '@/lib/calculators/amortization';
import { formatCents } from '@/lib/calculators/exact';
import { paymentAprPercent } from '@/lib/calculators/payment-apr';
import { Figure } from './result-parts';

/**
 * A payment never stands alone (Reg Z 1026.24(d)): the monthly payment, the APR and the terms
 * assumed are three figures of the same size, side by side, in the same component.
 */
export function PaymentDisclosure({ input, amortization }: { input: AmortizationInput; amortization: Amortization }) {
  const { paymentCents, finalPaymentCents, payments } = amortization;
  const last = finalPaymentCents !== paymentCents ? `, the last ${formatCents(finalPaymentCents)}` : '';
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-3" data-testid="payment-disclosure">
      <Figure label="Monthly payment (principal and interest)" value={formatCents(paymentCents)} testId="monthly-payment" />
      <Figure label="Annual percentage rate (APR)" value={paymentAprPercent(input, amortization)} testId="apr" />
      <Figure
        label="Terms assumed"
        value={`${input.years} years`}
        detail={`${payments} monthly payments of ${formatCents(paymentCents)}${last}; fixed rate; no points or fees; taxes and insurance not included.`}
      />
    </dl>
  );
}

import { Figure } from './result-parts';

/**
 * A payment never stands alone (Reg Z 1026.24(d)): the payment, the APR and the terms assumed are
 * three figures of the same size, side by side, in one component. `terms` is the full sentence
 * (lib/calculators/run.ts describeEstimate), `termsSummary` its headline ('30 years, fixed').
 */
export function PaymentDisclosure({
  payment,
  apr,
  termsSummary,
  terms,
}: {
  payment: { label: string; value: string };
  apr: string;
  termsSummary: string;
  terms: string;
}) {
  return (
    <dl className="calc-figures calc-figures-3" data-testid="payment-disclosure">
      <Figure label={payment.label} value={payment.value} testId="payment" />
      <Figure label="Annual percentage rate (APR)" value={apr} testId="apr" />
      <Figure label="Terms assumed" value={termsSummary} detail={terms} testId="terms" />
    </dl>
  );
}

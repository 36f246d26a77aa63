import { formatUsd, type RepresentativeExample } from '@/lib/rates/example';
import { ADJUSTABLE_NOTICE } from './rate-figures';

const usd = (dollars: number) => formatUsd(dollars * 100);

/**
 * The representative example (Regulation Z, 12 CFR 1026.24(d)) in one paragraph: down payment,
 * the repayment over the full term with its balloon, and the APR, stated before the interest rate
 * and in the same type. Pages that show a term, a payment or a down payment carry it.
 */
export function RepresentativeExampleText({ example, className }: { example: RepresentativeExample; className?: string }) {
  const { rate, loanAmount, termMonths } = example;
  const adjustable = rate.rateKind === 'adjustable';
  const payments = `${termMonths} monthly ${example.payments === 'interest-only' ? 'interest-only ' : ''}payment${termMonths === 1 ? '' : 's'}`;
  return (
    <p className={className} data-rate-figures="">
      <strong>Representative example:</strong> a {usd(loanAmount)} {rate.type} loan at{' '}
      <span data-rate-figure="apr">{rate.apr}</span> APR (<span data-rate-figure="rate">{rate.rate}</span> interest rate,{' '}
      {adjustable ? 'adjustable' : 'fixed for the term'}) with a {example.downPaymentPercent}% down payment (
      {usd(example.downPayment)} of a {usd(example.totalCost)} total cost) is repaid in {payments} of{' '}
      {formatUsd(example.monthlyPaymentCents)}
      {example.balloonPayment > 0
        ? ` followed by a balloon payment of the ${usd(example.balloonPayment)} balance at the end of the ${termMonths}-month term.`
        : '.'}{' '}
      Payments do not include taxes and insurance, so the actual payment obligation will be greater.
      {adjustable && ` ${ADJUSTABLE_NOTICE}`}
    </p>
  );
}

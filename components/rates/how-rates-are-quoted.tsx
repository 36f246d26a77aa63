import { formatUsd, type ExampleLoan, type RepresentativeExample } from '@/lib/rates/example';
import { formatLongDate } from '@/lib/site/format';
import { RepresentativeExampleText } from './representative-example';

const paragraph = 'mt-3 leading-relaxed text-slate-700';

/**
 * The licenses page's account of how the site's rates are quoted: what the APR includes, when the
 * rates were set and what they assume. Rendered from the rates and the example's loan rather than
 * written as owner text, so the date and the figures cannot fall behind the rates page.
 */
export function HowRatesAreQuoted({
  changedAt,
  loan,
  example,
}: {
  changedAt: string | null;
  loan: ExampleLoan;
  example: RepresentativeExample | null;
}) {
  return (
    <section aria-labelledby="rate-quoting-title" className="mt-8">
      <h2 id="rate-quoting-title" className="text-brand-900 text-2xl font-semibold">
        How we quote rates
      </h2>
      <p className={paragraph}>
        <strong>APR basis.</strong> Every rate on this site is shown with its annual percentage rate (APR), first and in the same
        type as the interest rate, as Regulation Z (12 CFR 1026.24) requires. The APR is the yearly cost of the credit: the
        interest rate plus the prepaid finance charges, such as points and origination and broker fees, spread over the term as 12
        CFR 1026.22 prescribes. That is why it is usually higher than the interest rate.
      </p>
      <p className={paragraph}>
        <strong>Date of the rates.</strong> {changedAt ? `Our rates were last updated on ${formatLongDate(changedAt)}.` : ''} They
        are indicative, not a commitment to lend, and can change daily; a rate is set only when a lender locks it for your loan.
      </p>
      <p className={paragraph}>
        <strong>Assumptions.</strong> Each rate and APR assumes a well-qualified borrower with a credit score of 720 or higher, an
        owner-occupied single-family home, a first lien, a {formatUsd(loan.loanAmount * 100)} loan with a{' '}
        {loan.downPaymentPercent}% down payment, and the whole amount disbursed at closing. Payments shown do not include taxes
        and insurance. A fixed rate stays the same for the whole term; an adjustable rate, and with it the APR, may increase after
        consummation.
      </p>
      {example && <RepresentativeExampleText example={example} className={paragraph} />}
    </section>
  );
}

import { add, centsTimes, compare, div, exact, mul, ONE, percent, pow, sub, toCents, type Exact } from './exact';

/**
 * Payment after conversion (issue 19, calculator 2): a fully amortizing loan's monthly principal
 * and interest, P = L·r / (1 − (1 + r)^−n), computed exactly and rounded to the cent once. The
 * schedule then runs in whole cents as a servicer's would: each month's interest rounded to the
 * cent, the rest of the payment to principal, and the last payment whatever repays the balance,
 * so the loan is repaid to the cent. 400,000 at 6.75% for 30 years is $2,594.39 a month.
 */

export interface AmortizationInput {
  amount: Exact;
  ratePercent: Exact;
  years: number;
}

export interface AmortizationYear {
  year: number;
  principalCents: bigint;
  interestCents: bigint;
  /** Owed at the end of the year. */
  balanceCents: bigint;
}

export interface Amortization {
  paymentCents: bigint;
  /** The last payment, which may differ from the others (the payment is rounded to the cent). */
  finalPaymentCents: bigint;
  /** The term in months. */
  months: number;
  /** How many payments repay the loan: the term, or a month or two less when rounding the payment up gains that much. */
  payments: number;
  totalInterestCents: bigint;
  totalPaidCents: bigint;
  years: AmortizationYear[];
}

/** The exact monthly payment before rounding. */
export function exactPayment(amount: Exact, ratePercent: Exact, months: number): Exact {
  const r = div(percent(ratePercent), exact(12));
  if (compare(r, exact(0)) === 0) return div(amount, exact(months));
  const growth = pow(add(ONE, r), months);
  return div(mul(mul(amount, r), growth), sub(growth, ONE));
}

/**
 * The payment in whole cents: `toCents(exactPayment(...))`, the same value, without reducing the
 * 4,000-bit fractions of a 30-year loan on the way (each reduction is a Euclid of its own): L·r·g ÷
 * (g − 1) with g = (1 + r)ⁿ is put over one denominator and rounded once.
 */
function paymentCentsOf(amount: Exact, ratePercent: Exact, months: number): bigint {
  const r = div(percent(ratePercent), exact(12));
  if (r.n === 0n) return toCents(div(amount, exact(months)));
  const growth = pow(add(ONE, r), months);
  const numerator = amount.n * r.n * growth.n;
  const denominator = amount.d * r.d * (growth.n - growth.d);
  // A negative rate makes g − 1 negative: the sign goes to the numerator, as toCents expects.
  return denominator < 0n ? toCents({ n: -numerator, d: -denominator }) : toCents({ n: numerator, d: denominator });
}

export function amortize({ amount, ratePercent, years }: AmortizationInput): Amortization {
  const months = years * 12;
  const r = div(percent(ratePercent), exact(12));
  const paymentCents = paymentCentsOf(amount, ratePercent, months);
  let balance = toCents(amount);
  let totalInterest = 0n;
  let finalPaymentCents = paymentCents;
  let payments = 0;
  const byYear: AmortizationYear[] = [];
  for (let month = 1; month <= months && balance > 0n; month++) {
    const interest = centsTimes(balance, r);
    const last = month === months || balance + interest <= paymentCents;
    const paid = last ? balance + interest : paymentCents;
    const principal = paid - interest;
    balance -= principal;
    totalInterest += interest;
    payments = month;
    if (last) finalPaymentCents = paid;
    const year = Math.ceil(month / 12);
    const row = byYear[year - 1] ?? (byYear[year - 1] = { year, principalCents: 0n, interestCents: 0n, balanceCents: 0n });
    row.principalCents += principal;
    row.interestCents += interest;
    row.balanceCents = balance;
  }
  const principalTotal = toCents(amount);
  return {
    paymentCents,
    finalPaymentCents,
    months,
    payments,
    totalInterestCents: totalInterest,
    totalPaidCents: principalTotal + totalInterest,
    years: byYear,
  };
}

import { parsePercent } from './percent';
import type { Rate } from './types';

/**
 * The representative example Regulation Z asks for once an ad states a term of repayment, a
 * payment or a down payment (12 CFR 1026.24(d)): the down payment, the terms of repayment over
 * the full term (balloon included) and the APR, for one typical loan. The owner chooses the
 * loan (Site Content › Rates Page); its rate, APR and payments always come from the first rate,
 * so the example can never disagree with the rates it stands beside.
 */

export const EXAMPLE_PAYMENTS = ['interest-only', 'amortizing'] as const;
export type ExamplePayments = (typeof EXAMPLE_PAYMENTS)[number];

/** The typical loan, as the owner sets it in Site Content. */
export interface ExampleLoan {
  /** Whole dollars borrowed. */
  loanAmount: number;
  /** The borrower's share of the purchase and construction cost, in percent. */
  downPaymentPercent: number;
  /** How many monthly payments the loan has. */
  termMonths: number;
  /** Interest only with the balance due at the end (a construction loan), or fully amortizing. */
  payments: ExamplePayments;
}

export interface RepresentativeExample extends ExampleLoan {
  rate: Pick<Rate, 'type' | 'rate' | 'apr' | 'rateKind'>;
  /** Dollars, rounded to the nearest dollar. */
  downPayment: number;
  /** The loan plus the down payment. */
  totalCost: number;
  /** Each monthly payment, in cents. */
  monthlyPaymentCents: number;
  /** The balance due with the last payment (interest-only); 0 when the payments repay it. */
  balloonPayment: number;
}

/** The monthly payment in cents: interest on the whole amount, or the annuity that repays it. */
export function monthlyPaymentCents(loanAmount: number, ratePercent: number, termMonths: number, payments: ExamplePayments) {
  const monthly = ratePercent / 1200;
  if (payments === 'interest-only') return Math.round(loanAmount * monthly * 100);
  if (monthly === 0) return Math.round((loanAmount / termMonths) * 100);
  return Math.round(((loanAmount * monthly) / (1 - (1 + monthly) ** -termMonths)) * 100);
}

/** The example for the first rate; null when there is no rate, or its figures are not percentages. */
export function representativeExample(rates: readonly Rate[], loan: ExampleLoan): RepresentativeExample | null {
  const first = rates[0];
  const ratePercent = first ? parsePercent(first.rate) : null;
  if (!first || ratePercent === null || parsePercent(first.apr) === null) return null;
  const downPayment = Math.round((loan.loanAmount * loan.downPaymentPercent) / (100 - loan.downPaymentPercent));
  return {
    ...loan,
    rate: { type: first.type, rate: first.rate, apr: first.apr, rateKind: first.rateKind },
    downPayment,
    totalCost: loan.loanAmount + downPayment,
    monthlyPaymentCents: monthlyPaymentCents(loan.loanAmount, ratePercent, loan.termMonths, loan.payments),
    balloonPayment: loan.payments === 'interest-only' ? loan.loanAmount : 0,
  };
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** '$400,000', '$2,250', '$2,594.39': cents only where there are some. */
export function formatUsd(cents: number): string {
  return cents % 100 === 0 ? dollars.format(cents / 100) : dollarsAndCents.format(cents / 100);
}

import type { ReactNode } from 'react';
import { CALCULATORS, MAX_DTI_PERCENT, type CalculatorId } from '@/lib/calculators/registry';

const PAYMENT_CALCULATOR = CALCULATORS['construction-to-permanent'];

/**
 * Each calculator page's own words: the introduction under its heading and how it computes. One
 * place for the live page and the ad archive's copy of it (components/archive/archived-page.tsx).
 */
export const CALCULATOR_TEXTS: Record<CalculatorId, { intro: string; method: ReactNode }> = {
  'construction-interest': {
    intro:
      'How much interest will you pay while the house goes up? Enter the loan, the rate and the build time, and see the interest month by month as the builder draws the loan.',
    method: (
      <>
        <p>
          The builder is paid in monthly draws at the start of each month. Each month you pay interest only on what has been drawn
          so far: the balance × the annual rate ÷ 12. Even draws split the loan equally; front-loaded draws weigh the months from
          2 to 1 (more money early, as when the lot and foundation come first), back-loaded from 1 to 2.
        </p>
        <p>
          Every figure is computed exactly and rounded to the cent only when shown. For example, 400,000 at 7.5% over 12 even
          draws is $16,250.00 of interest in total. The APR of the build period is estimated as Regulation Z Appendix D allows
          (half the loan outstanding for the whole period), with the points and fees you enter.
        </p>
      </>
    ),
  },
  'construction-to-permanent': {
    intro:
      'What will your payment be once the construction loan converts to a permanent mortgage? Enter the loan, the rate and the term for the monthly principal and interest, the APR and the total interest.',
    method: (
      <>
        <p>
          After the build, the loan converts to a fully amortizing mortgage: the same monthly payment of principal and interest
          repays it over the term, P = L × r ÷ (1 − (1 + r)<sup>−n</sup>) with r the monthly rate and n the number of payments.
          The payment is rounded to the cent once; the schedule then runs in whole cents, as a lender&apos;s would, and the last
          payment repays exactly what is left.
        </p>
        <p>
          For example, 400,000 at 6.75% for 30 years is $2,594.39 a month. The APR is the rate at which those payments are worth
          the loan less the points and fees you enter (Regulation Z Appendix J).
        </p>
      </>
    ),
  },
  'maximum-loan': {
    intro:
      'How much can you borrow against the land and the build? Enter what the land is worth, what the house will cost and what it will appraise at when complete, and see the largest loan, the limit that sets it and the cash you bring to closing.',
    method: (
      <>
        <p>
          A construction loan is limited twice. Loan-to-cost (LTC) is a share of the whole project: the land and the build.
          Loan-to-value (LTV) is a share of what the finished home appraises at. The maximum loan is the lesser of the two, and
          never more than the project still needs paid for: what is owed on the land (all of its price when you are buying it) and
          the build.
        </p>
        <p>
          Land you own counts toward the down payment: its value less what you still owe on it is equity you put in without cash.
          Whatever the loan does not cover is the cash needed at closing (before closing costs). For example, land worth $100,000
          owned outright, a $400,000 build and a $550,000 value when complete: 90% of the $500,000 project is $450,000 and 80% of
          $550,000 is $440,000, but the project only needs the $400,000 build, so the loan is $400,000 and no cash is due at
          closing. The limits are the ones we usually work with; your lender may use others.
        </p>
      </>
    ),
  },
  'debt-to-income': {
    intro: `Will the new home's payment fit your income? Enter your gross monthly income, your other monthly debts and the proposed payment, and see your front-end and back-end debt-to-income ratios against the ${MAX_DTI_PERCENT}% maximum we work with.`,
    method: (
      <>
        <p>
          The front-end ratio is the proposed housing payment ÷ your gross monthly income (before taxes). The back-end ratio adds
          every other monthly debt payment: car and student loans, card minimums, child support. Lenders look mostly at the
          back-end ratio; we work with ratios up to {MAX_DTI_PERCENT}%.
        </p>
        <p>
          For example, $12,000 a month of income, $800 of other debts and a $2,594.39 payment give a front-end ratio of 21.62% and
          a back-end ratio of 28.29%. Not sure of the payment? Work it out with the{' '}
          <a href={PAYMENT_CALCULATOR.path} className="text-brand-700 font-medium underline underline-offset-2">
            {PAYMENT_CALCULATOR.title}
          </a>
          , which links back here with its result.
        </p>
      </>
    ),
  },
};

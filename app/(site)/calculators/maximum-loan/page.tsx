import type { Metadata } from 'next';
import { CalculatorPage } from '@/components/calculators/calculator-page';
import { CalculatorBody } from '@/components/calculators/calculator-body';
import { MaximumLoanCalculator } from '@/components/calculators/maximum-loan';
import { MAXIMUM_LOAN_COPY } from '@/lib/calculators/copy';
import { calculatorPageQuery } from '@/lib/calculators/page-query.server';
import { CALCULATORS, type QueryInput } from '@/lib/calculators/registry';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';

// Rendered per request from the query, whole (see ../construction-interest/page.tsx, ADR 024).
export const instant = false;

const calculator = CALCULATORS['maximum-loan'];

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: `${calculator.title} | Construction Loan Pros`,
    description: calculator.description,
    path: calculator.path,
  });
}

export default async function MaximumLoanPage({ searchParams }: { searchParams: Promise<QueryInput> }) {
  const { parsed, setup, estimateStatus } = await calculatorPageQuery(calculator.id, searchParams);
  return (
    <CalculatorPage
      siteUrl={env.SITE_URL}
      path={calculator.path}
      title={calculator.title}
      intro="How much can you borrow against the land and the build? Enter what the land is worth, what the house will cost and what it will appraise at when complete, and see the largest loan, the limit that sets it and the cash you bring to closing."
      method={
        <>
          <p>
            A construction loan is limited twice. Loan-to-cost (LTC) is a share of the whole project: the land and the build.
            Loan-to-value (LTV) is a share of what the finished home appraises at. The maximum loan is the lesser of the two, and
            never more than the project still needs paid for: what is owed on the land (all of its price when you are buying it)
            and the build.
          </p>
          <p>
            Land you own counts toward the down payment: its value less what you still owe on it is equity you put in without
            cash. Whatever the loan does not cover is the cash needed at closing (before closing costs). For example, land worth
            $100,000 owned outright, a $400,000 build and a $550,000 value when complete: 90% of the $500,000 project is $450,000
            and 80% of $550,000 is $440,000, but the project only needs the $400,000 build, so the loan is $400,000 and no cash is
            due at closing. The limits are the ones we usually work with; your lender may use others.
          </p>
        </>
      }
    >
      <CalculatorBody id={calculator.id} path={calculator.path} parsed={parsed} estimateStatus={estimateStatus}>
        <MaximumLoanCalculator setup={setup} copy={MAXIMUM_LOAN_COPY} />
      </CalculatorBody>
    </CalculatorPage>
  );
}

import type { Metadata } from 'next';
import { CalculatorPage } from '@/components/calculators/calculator-page';
import { CalculatorBody } from '@/components/calculators/calculator-body';
import { ConstructionToPermanentCalculator } from '@/components/calculators/construction-to-permanent';
import { CONSTRUCTION_TO_PERMANENT_COPY } from '@/lib/calculators/copy';
import { calculatorPageQuery } from '@/lib/calculators/page-query.server';
import { CALCULATORS, type QueryInput } from '@/lib/calculators/registry';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';

// Rendered per request from the query, whole (see ../construction-interest/page.tsx, ADR 025).
export const instant = false;

const calculator = CALCULATORS['construction-to-permanent'];

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: `${calculator.title} | Construction Loan Pros`,
    description: calculator.description,
    path: calculator.path,
  });
}

export default async function ConstructionToPermanentPage({ searchParams }: { searchParams: Promise<QueryInput> }) {
  const { parsed, setup, estimateStatus } = await calculatorPageQuery(calculator.id, searchParams);
  return (
    <CalculatorPage
      siteUrl={env.SITE_URL}
      path={calculator.path}
      title={calculator.title}
      intro="What will your payment be once the construction loan converts to a permanent mortgage? Enter the loan, the rate and the term for the monthly principal and interest, the APR and the total interest."
      method={
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
      }
    >
      <CalculatorBody id={calculator.id} path={calculator.path} parsed={parsed} estimateStatus={estimateStatus}>
        <ConstructionToPermanentCalculator setup={setup} copy={CONSTRUCTION_TO_PERMANENT_COPY} />
      </CalculatorBody>
    </CalculatorPage>
  );
}

import type { Metadata } from 'next';
import { CalculatorPage } from '@/components/calculators/calculator-page';
import { CalculatorBody } from '@/components/calculators/calculator-body';
import { ConstructionInterestCalculator } from '@/components/calculators/construction-interest';
import { CONSTRUCTION_INTEREST_COPY } from '@/lib/calculators/copy';
import { calculatorPageQuery } from '@/lib/calculators/page-query.server';
import { CALCULATORS, type QueryInput } from '@/lib/calculators/registry';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';

// The page is its query's answer, so it is rendered per request, the whole page at once (no
// <Suspense>: a streamed boundary would show its fallback to a browser without JavaScript). The
// server's pipeline still defers Next's scripts (DEFERRED_BOOT_ROUTES) and keeps it private (ADR 025).
export const instant = false;

const calculator = CALCULATORS['construction-interest'];

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: `${calculator.title} | Construction Loan Pros`,
    description: calculator.description,
    path: calculator.path,
  });
}

export default async function ConstructionInterestPage({ searchParams }: { searchParams: Promise<QueryInput> }) {
  const { parsed, setup, estimateStatus } = await calculatorPageQuery(calculator.id, searchParams);
  return (
    <CalculatorPage
      siteUrl={env.SITE_URL}
      path={calculator.path}
      title={calculator.title}
      intro="How much interest will you pay while the house goes up? Enter the loan, the rate and the build time, and see the interest month by month as the builder draws the loan."
      method={
        <>
          <p>
            The builder is paid in monthly draws at the start of each month. Each month you pay interest only on what has been
            drawn so far: the balance × the annual rate ÷ 12. Even draws split the loan equally; front-loaded draws weigh the
            months from 2 to 1 (more money early, as when the lot and foundation come first), back-loaded from 1 to 2.
          </p>
          <p>
            Every figure is computed exactly and rounded to the cent only when shown. For example, 400,000 at 7.5% over 12 even
            draws is $16,250.00 of interest in total. The APR of the build period is estimated as Regulation Z Appendix D allows
            (half the loan outstanding for the whole period), with the points and fees you enter.
          </p>
        </>
      }
    >
      <CalculatorBody id={calculator.id} path={calculator.path} parsed={parsed} estimateStatus={estimateStatus}>
        <ConstructionInterestCalculator setup={setup} copy={CONSTRUCTION_INTEREST_COPY} />
      </CalculatorBody>
    </CalculatorPage>
  );
}

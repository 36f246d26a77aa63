import type { Metadata } from 'next';
import { CalculatorPage } from '@/components/calculators/calculator-page';
import { ConstructionInterestCalculator } from '@/components/calculators/construction-interest';
import { CONSTRUCTION_INTEREST } from '@/lib/calculators/construction-interest-page';
import { getCalculatorRateDefaults } from '@/lib/calculators/defaults.server';
import { queryValues, type SearchParams } from '@/lib/calculators/query-values';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';

// The page is its query's answer, so it is rendered per request, the whole page at once (no
// <Suspense>: a streamed boundary would show its fallback to a browser without JavaScript). The
// server's pipeline still defers Next's scripts (DEFERRED_BOOT_ROUTES) and keeps it private.
export const instant = false;

const TITLE = 'Construction Loan Interest Calculator';
const INTRO =
  'How much interest will you pay while the house goes up? Enter the loan, the rate and the build time, and see the interest month by month as the builder draws the loan.';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: `${TITLE} | Construction Loan Pros`,
    description: 'Interest during construction, month by month: even, front- or back-loaded or custom draws, exact to the cent.',
    path: CONSTRUCTION_INTEREST.path,
  });
}

export default async function ConstructionInterestPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [query, { rate }] = await Promise.all([searchParams, getCalculatorRateDefaults()]);
  const initial = queryValues(query, { amount: '400000', rate, months: '12', draw: 'even', draws: '' });
  return (
    <CalculatorPage
      siteUrl={env.SITE_URL}
      path={CONSTRUCTION_INTEREST.path}
      title={TITLE}
      intro={INTRO}
      method={
        <>
          <p>
            The builder is paid in monthly draws at the start of each month. Each month you pay interest only on what has been
            drawn so far: the balance × the annual rate ÷ 12. Even draws split the loan equally; front-loaded draws weigh the
            months from 2 to 1 (more money early, as when the lot and foundation come first), back-loaded from 1 to 2.
          </p>
          <p>
            Every figure is computed exactly and rounded to the cent only when shown. For example, 400,000 at 7.5% over 12 even
            draws is $16,250.00 of interest in total.
          </p>
        </>
      }
    >
      <ConstructionInterestCalculator initial={initial} />
    </CalculatorPage>
  );
}

import type { Metadata } from 'next';
import { CalculatorPage } from '@/components/calculators/calculator-page';
import { ConstructionToPermanentCalculator } from '@/components/calculators/construction-to-permanent';
import { CONSTRUCTION_TO_PERMANENT } from '@/lib/calculators/construction-to-permanent-page';
import { getCalculatorRateDefaults } from '@/lib/calculators/defaults.server';
import { queryValues, type SearchParams } from '@/lib/calculators/query-values';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';

// Rendered per request from the query, whole (see ../construction-interest/page.tsx).
export const instant = false;

const TITLE = 'Construction-to-Permanent Payment Calculator';
const INTRO =
  'What will your payment be once the construction loan converts to a permanent mortgage? Enter the loan, the rate and the term for the monthly principal and interest, the APR and the total interest.';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: `${TITLE} | Construction Loan Pros`,
    description:
      'Your monthly payment after conversion, with the APR, the total interest and a year-by-year amortization schedule, exact to the cent.',
    path: CONSTRUCTION_TO_PERMANENT.path,
  });
}

export default async function ConstructionToPermanentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [query, { rate }] = await Promise.all([searchParams, getCalculatorRateDefaults()]);
  const initial = queryValues(query, { amount: '400000', rate, years: '30' });
  return (
    <CalculatorPage
      siteUrl={env.SITE_URL}
      path={CONSTRUCTION_TO_PERMANENT.path}
      title={TITLE}
      intro={INTRO}
      method={
        <>
          <p>
            After the build, the loan converts to a fully amortizing mortgage: the same monthly payment of principal and interest
            repays it over the term, P = L × r ÷ (1 − (1 + r)<sup>−n</sup>) with r the monthly rate and n the number of payments.
            The payment is rounded to the cent once; the schedule then runs in whole cents, as a lender&apos;s would, and the last
            payment repays exactly what is left.
          </p>
          <p>For example, 400,000 at 6.75% for 30 years is $2,594.39 a month.</p>
        </>
      }
    >
      <ConstructionToPermanentCalculator initial={initial} />
    </CalculatorPage>
  );
}

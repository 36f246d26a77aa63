import type { Metadata } from 'next';
import { CalculatorBody } from '@/components/calculators/calculator-body';
import { CalculatorPage } from '@/components/calculators/calculator-page';
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
    <CalculatorPage id={calculator.id} siteUrl={env.SITE_URL}>
      <CalculatorBody id={calculator.id} parsed={parsed} setup={setup} estimateStatus={estimateStatus} />
    </CalculatorPage>
  );
}

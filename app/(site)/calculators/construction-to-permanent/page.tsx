import type { Metadata } from 'next';
import { CalculatorBody } from '@/components/calculators/calculator-body';
import { CalculatorPage } from '@/components/calculators/calculator-page';
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
    <CalculatorPage id={calculator.id} siteUrl={env.SITE_URL}>
      <CalculatorBody id={calculator.id} parsed={parsed} setup={setup} estimateStatus={estimateStatus} />
    </CalculatorPage>
  );
}

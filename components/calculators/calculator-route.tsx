import type { Metadata } from 'next';
import { calculatorPageQuery } from '@/lib/calculators/page-query.server';
import { CALCULATORS, type CalculatorId, type QueryInput } from '@/lib/calculators/registry';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';
import { CalculatorBody } from './calculator-body';
import { CalculatorPage } from './calculator-page';

/**
 * What each calculator's route (app/(site)/calculators/<id>/page.tsx) renders, once for the four:
 * its metadata, and the page for the visitor's query. The route keeps only its segment config
 * (`instant = false`, ADR 025), which Next reads from the route file itself.
 */
export function calculatorMetadata(id: CalculatorId): Metadata {
  const { title, description, path } = CALCULATORS[id];
  return pageMetadata({ title: `${title} | Construction Loan Pros`, description, path });
}

export async function CalculatorRoute({ id, searchParams }: { id: CalculatorId; searchParams: Promise<QueryInput> }) {
  const { parsed, setup, estimateStatus } = await calculatorPageQuery(id, searchParams);
  return (
    <CalculatorPage id={id} siteUrl={env.SITE_URL}>
      <CalculatorBody id={id} parsed={parsed} setup={setup} estimateStatus={estimateStatus} />
    </CalculatorPage>
  );
}

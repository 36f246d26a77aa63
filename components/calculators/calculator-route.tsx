import type { Metadata } from 'next';
import { getCalculatorDefaults } from '@/lib/calculators/defaults.server';
import { CALCULATORS, type CalculatorId } from '@/lib/calculators/registry';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';
import { CalculatorSlot } from './calculator-body';
import { CalculatorPage } from './calculator-page';

/**
 * What each calculator's route (app/(site)/calculators/<id>/page.tsx) renders, once for the four:
 * its metadata, and the page around the calculator's slot, cached like every other page. The
 * server fills the slot for each request from the defaults it names (lib/calculators/body/query-page.ts),
 * so Next renders a calculator page once, not per visitor.
 */
export function calculatorMetadata(id: CalculatorId): Metadata {
  const { title, description, path } = CALCULATORS[id];
  return pageMetadata({ title: `${title} | Construction Loan Pros`, description, path });
}

export async function CalculatorRoute({ id }: { id: CalculatorId }) {
  const start = CALCULATORS[id].defaults(await getCalculatorDefaults());
  return (
    <CalculatorPage id={id} siteUrl={env.SITE_URL}>
      <CalculatorSlot id={id} start={start} />
    </CalculatorPage>
  );
}

import type { ReactNode } from 'react';
import { CalculatorBody } from '@/components/calculators/calculator-body';
import { CalculatorPage } from '@/components/calculators/calculator-page';
import { calculatorDefaultsFrom } from '@/lib/calculators/defaults';
import { calculatorPageSetup } from '@/lib/calculators/page-setup';
import type { CalculatorId } from '@/lib/calculators/registry';
import type { SiteContent } from '@/lib/content/schema';
import type { Rate } from '@/lib/rates/types';

/**
 * A calculator page as a visitor landing on it saw it at an archived moment: no query, so the
 * figures start from the first rate and the calculator settings of the versions live then. The
 * result's actions (the apply button and the estimate's form) are code: `actions` stands in. The
 * figures are the server's, without the live script: an archived copy is read, not played with.
 */
export function ArchivedCalculator({
  id,
  content,
  rates,
  actions,
}: {
  id: CalculatorId;
  content: SiteContent;
  rates: readonly Rate[];
  actions: ReactNode;
}) {
  const { parsed, setup } = calculatorPageSetup(id, {}, calculatorDefaultsFrom(rates, content.calculators));
  return (
    <CalculatorPage id={id}>
      <CalculatorBody id={id} parsed={parsed} setup={setup} estimateStatus={null} actions={actions} live={false} />
    </CalculatorPage>
  );
}

import type { ReactNode } from 'react';
import { CalculatorBody } from '@/components/calculators/calculator-body';
import { CalculatorPage } from '@/components/calculators/calculator-page';
import { ConstructionInterestCalculator } from '@/components/calculators/construction-interest';
import { ConstructionToPermanentCalculator } from '@/components/calculators/construction-to-permanent';
import { DebtToIncomeCalculator } from '@/components/calculators/debt-to-income';
import { MaximumLoanCalculator } from '@/components/calculators/maximum-loan';
import {
  CONSTRUCTION_INTEREST_COPY,
  CONSTRUCTION_TO_PERMANENT_COPY,
  DEBT_TO_INCOME_COPY,
  MAXIMUM_LOAN_COPY,
} from '@/lib/calculators/copy';
import { calculatorDefaultsFrom } from '@/lib/calculators/defaults';
import { calculatorPageSetup } from '@/lib/calculators/page-setup';
import type { CalculatorId } from '@/lib/calculators/registry';
import type { CalculatorSetup } from '@/components/calculators/use-calculator';
import type { SiteContent } from '@/lib/content/schema';
import type { Rate } from '@/lib/rates/types';

/** Each calculator's results, as its page renders them. */
const RESULTS: Record<CalculatorId, (setup: CalculatorSetup) => ReactNode> = {
  'construction-interest': (setup) => <ConstructionInterestCalculator setup={setup} copy={CONSTRUCTION_INTEREST_COPY} />,
  'construction-to-permanent': (setup) => (
    <ConstructionToPermanentCalculator setup={setup} copy={CONSTRUCTION_TO_PERMANENT_COPY} />
  ),
  'maximum-loan': (setup) => <MaximumLoanCalculator setup={setup} copy={MAXIMUM_LOAN_COPY} />,
  'debt-to-income': (setup) => <DebtToIncomeCalculator setup={setup} copy={DEBT_TO_INCOME_COPY} />,
};

/**
 * A calculator page as a visitor landing on it saw it at an archived moment: no query, so the
 * figures start from the first rate and the calculator settings of the versions live then. The
 * result's actions (the apply button and the estimate's form) are code: `actions` stands in.
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
      <CalculatorBody id={id} path={setup.path} parsed={parsed} estimateStatus={null} actions={actions}>
        {RESULTS[id](setup)}
      </CalculatorBody>
    </CalculatorPage>
  );
}

import type { Metadata } from 'next';
import { CalculatorPage } from '@/components/calculators/calculator-page';
import { CalculatorBody } from '@/components/calculators/calculator-body';
import { DebtToIncomeCalculator } from '@/components/calculators/debt-to-income';
import { DEBT_TO_INCOME_COPY } from '@/lib/calculators/copy';
import { calculatorPageQuery } from '@/lib/calculators/page-query.server';
import { CALCULATORS, MAX_DTI_PERCENT, type QueryInput } from '@/lib/calculators/registry';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';

// Rendered per request from the query, whole (see ../construction-interest/page.tsx, ADR 024).
export const instant = false;

const calculator = CALCULATORS['debt-to-income'];
const PAYMENT_CALCULATOR = CALCULATORS['construction-to-permanent'];

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: `${calculator.title} | Construction Loan Pros`,
    description: calculator.description,
    path: calculator.path,
  });
}

/** `?payment=` prefills the proposed payment: the payment calculator links here with its result. */
export default async function DebtToIncomePage({ searchParams }: { searchParams: Promise<QueryInput> }) {
  const { parsed, setup, estimateStatus } = await calculatorPageQuery(calculator.id, searchParams);
  return (
    <CalculatorPage
      siteUrl={env.SITE_URL}
      path={calculator.path}
      title={calculator.title}
      intro={`Will the new home's payment fit your income? Enter your gross monthly income, your other monthly debts and the proposed payment, and see your front-end and back-end debt-to-income ratios against the ${MAX_DTI_PERCENT}% maximum we work with.`}
      method={
        <>
          <p>
            The front-end ratio is the proposed housing payment ÷ your gross monthly income (before taxes). The back-end ratio
            adds every other monthly debt payment: car and student loans, card minimums, child support. Lenders look mostly at the
            back-end ratio; we work with ratios up to {MAX_DTI_PERCENT}%.
          </p>
          <p>
            For example, $12,000 a month of income, $800 of other debts and a $2,594.39 payment give a front-end ratio of 21.62%
            and a back-end ratio of 28.29%. Not sure of the payment? Work it out with the{' '}
            <a href={PAYMENT_CALCULATOR.path} className="text-brand-700 font-medium underline underline-offset-2">
              {PAYMENT_CALCULATOR.title}
            </a>
            , which links back here with its result.
          </p>
        </>
      }
    >
      <CalculatorBody id={calculator.id} path={calculator.path} parsed={parsed} estimateStatus={estimateStatus}>
        <DebtToIncomeCalculator setup={setup} copy={DEBT_TO_INCOME_COPY} />
      </CalculatorBody>
    </CalculatorPage>
  );
}

'use client';

import { useMemo } from 'react';
import { formatCents } from '@/lib/calculators/exact';
import {
  constructionToPermanentTerms,
  paymentDollars,
  runConstructionToPermanent,
  type ConstructionToPermanentRun,
} from '@/lib/calculators/runs/construction-to-permanent';
import { showPercent } from '@/lib/calculators/runs/shared';
import type { ConstructionToPermanentCopy } from '@/lib/calculators/copy';
import { BarChart } from './bar-chart';
import { PaymentDisclosure } from './payment-disclosure';
import { Figure, Figures, InvalidInputs, ScheduleTable } from './result-parts';
import { useCalculator, type CalculatorSetup } from './use-calculator';

const dollars = (cents: bigint) => Number(cents) / 100;

/** The debt-to-income calculator's page, whose `payment` input this calculator's payment fills. */
const DEBT_TO_INCOME_PATH = '/calculators/debt-to-income';

/**
 * Payment after conversion: the permanent loan's principal and interest, its APR and terms beside
 * it (Reg Z 1026.24), the total interest and a year-by-year amortization chart and table.
 */
export function ConstructionToPermanentCalculator({
  setup,
  copy,
}: {
  setup: CalculatorSetup;
  copy: ConstructionToPermanentCopy;
}) {
  const { parsed, typed } = useCalculator(setup);
  const run = useMemo(() => (parsed.ok ? runConstructionToPermanent(parsed.values) : null), [parsed]);

  return (
    <>
      {run ? (
        <PaymentResults run={run} copy={copy} />
      ) : (
        <InvalidInputs errors={parsed.ok ? {} : parsed.errors} inputs={setup.inputs} alert={!typed} />
      )}
    </>
  );
}

function PaymentResults({ run, copy }: { run: ConstructionToPermanentRun; copy: ConstructionToPermanentCopy }) {
  const r = run.result;
  return (
    <>
      <PaymentDisclosure
        payment={{ label: copy.payment, value: formatCents(r.paymentCents) }}
        apr={showPercent(run.aprPercent, 3)}
        termsSummary={`${r.months / 12} years, fixed`}
        terms={constructionToPermanentTerms(run)}
      />
      <p className="calc-link">
        <a href={`${DEBT_TO_INCOME_PATH}?payment=${paymentDollars(run)}`}>{copy.dti}</a>
      </p>
      <Figures>
        <Figure label={copy.totalInterest} value={formatCents(r.totalInterestCents)} testId="total-interest" />
        <Figure label={copy.totalPaid} value={formatCents(r.totalPaidCents)} />
      </Figures>
      <BarChart
        title={copy.chart}
        description={`${r.years.length} years: mostly interest at first, mostly principal later.`}
        categories={r.years.map((y) => String(y.year))}
        series={[
          { name: 'Principal', fill: 'fill-brand-700', values: r.years.map((y) => dollars(y.principalCents)) },
          { name: 'Interest', fill: 'fill-amber-500', values: r.years.map((y) => dollars(y.interestCents)) },
        ]}
        labelEvery={r.years.length > 15 ? 5 : 1}
      />
      <ScheduleTable
        caption={copy.table}
        columns={copy.columns}
        rows={r.years.map((y) => [
          String(y.year),
          formatCents(y.principalCents),
          formatCents(y.interestCents),
          formatCents(y.balanceCents),
        ])}
        footer={['Total', formatCents(r.totalPaidCents - r.totalInterestCents), formatCents(r.totalInterestCents), '']}
      />
    </>
  );
}

'use client';

import { useMemo } from 'react';
import { BarChart } from './bar-chart';
import { CalculatorForm } from './calculator-form';
import { EstimateActions } from './estimate-actions-slot';
import { NumberField } from './fields';
import { PaymentDisclosure } from './payment-disclosure';
import { Figure, Figures, InvalidInputs, Results, ScheduleTable } from './result-parts';
import { useCalculator, type CalculatorValues } from './use-calculator';
import {
  amortize,
  CONSTRUCTION_TO_PERMANENT,
  MAX_YEARS,
  parseConstructionToPermanent,
} from '@/lib/calculators/construction-to-permanent-page';
import { formatCents } from '@/lib/calculators/exact';

const dollars = (cents: bigint) => Number(cents) / 100;

/**
 * Payment after conversion: the permanent loan's principal and interest, its APR and terms beside
 * it (Reg Z 1026.24), the total interest and a year-by-year amortization chart and table.
 */
export function ConstructionToPermanentCalculator({ initial }: { initial: CalculatorValues }) {
  const { formRef, values, onChange, onSubmit } = useCalculator(CONSTRUCTION_TO_PERMANENT.path, initial);
  const parsed = useMemo(() => parseConstructionToPermanent(values), [values]);
  const result = useMemo(() => (parsed.ok ? amortize(parsed.input) : null), [parsed]);
  const shownErrors = values === initial ? parsed.errors : {};

  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_1fr]">
      <CalculatorForm path={CONSTRUCTION_TO_PERMANENT.path} formRef={formRef} onChange={onChange} onSubmit={onSubmit}>
        <NumberField
          name="amount"
          label="Loan amount after conversion"
          prefix="$"
          defaultValue={initial.amount ?? ''}
          error={shownErrors.amount}
        />
        <NumberField
          name="rate"
          label="Interest rate"
          suffix="% a year"
          defaultValue={initial.rate ?? ''}
          error={shownErrors.rate}
        />
        <NumberField
          name="years"
          label="Loan term"
          suffix="years"
          defaultValue={initial.years ?? ''}
          error={shownErrors.years}
          hint={`1 to ${MAX_YEARS} years of monthly payments.`}
        />
      </CalculatorForm>

      <Results>
        {!result || !parsed.ok ? (
          <InvalidInputs errors={parsed.errors} alert={values === initial} />
        ) : (
          <>
            <PaymentDisclosure input={parsed.input} amortization={result} />
            <Figures>
              <Figure label="Total interest" value={formatCents(result.totalInterestCents)} testId="total-interest" />
              <Figure label="Total of payments" value={formatCents(result.totalPaidCents)} />
            </Figures>
            <BarChart
              title="Principal and interest by year"
              description={`Over ${result.years.length} years, interest is the larger part of each year's payments at first, principal later.`}
              categories={result.years.map((y) => String(y.year))}
              series={[
                { name: 'Principal', fill: 'fill-brand-700', values: result.years.map((y) => dollars(y.principalCents)) },
                { name: 'Interest', fill: 'fill-amber-500', values: result.years.map((y) => dollars(y.interestCents)) },
              ]}
              labelEvery={result.years.length > 15 ? 5 : 1}
            />
            <ScheduleTable
              caption="Amortization by year"
              columns={['Year', 'Principal', 'Interest', 'Balance']}
              rows={result.years.map((y) => [
                String(y.year),
                formatCents(y.principalCents),
                formatCents(y.interestCents),
                formatCents(y.balanceCents),
              ])}
              footer={[
                'Total',
                formatCents(result.totalPaidCents - result.totalInterestCents),
                formatCents(result.totalInterestCents),
                '',
              ]}
            />
          </>
        )}
        <EstimateActions calculator={CONSTRUCTION_TO_PERMANENT.id} values={values} />
      </Results>
    </div>
  );
}

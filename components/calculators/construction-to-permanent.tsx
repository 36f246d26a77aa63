'use client';

import { useMemo } from 'react';
import { describeEstimate, paymentForLink, runCalculator, showPercent } from '@/lib/calculators/run';
import { CALCULATORS, type CalculatorDefaults } from '@/lib/calculators/registry';
import { formatCents } from '@/lib/calculators/exact';
import { BarChart } from './bar-chart';
import { CalculatorForm } from './calculator-form';
import { EstimateActions } from './estimate-actions-slot';
import { PaymentDisclosure } from './payment-disclosure';
import { labelledErrors, RegistryFields } from './registry-fields';
import { Figure, Figures, InvalidInputs, Results, ScheduleTable } from './result-parts';
import { useCalculator, type CalculatorValues } from './use-calculator';

const ID = 'construction-to-permanent';
const dollars = (cents: bigint) => Number(cents) / 100;

/**
 * Payment after conversion: the permanent loan's principal and interest, its APR and terms beside
 * it (Reg Z 1026.24), the total interest and a year-by-year amortization chart and table.
 */
export function ConstructionToPermanentCalculator({
  initial,
  defaults,
}: {
  initial: CalculatorValues;
  defaults: CalculatorDefaults;
}) {
  const { formRef, parsed, fieldErrors, typed, onChange, onSubmit } = useCalculator(ID, initial, defaults);
  const view = useMemo(() => {
    if (!parsed.ok) return null;
    const run = runCalculator(ID, parsed.values);
    return run.id === ID ? { run, estimate: describeEstimate(ID, parsed.values, run) } : null;
  }, [parsed]);

  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_1fr]">
      <CalculatorForm path="/calculators/construction-to-permanent" formRef={formRef} onChange={onChange} onSubmit={onSubmit}>
        <RegistryFields id={ID} initial={initial} errors={fieldErrors} />
      </CalculatorForm>

      <Results>
        {!view || parsed.ok === false ? (
          <InvalidInputs errors={labelledErrors(ID, parsed.ok ? {} : parsed.errors)} alert={!typed} />
        ) : (
          <PaymentResults view={view} />
        )}
        <EstimateActions calculator={ID} values={parsed.values} />
      </Results>
    </div>
  );
}

type View = {
  run: Extract<ReturnType<typeof runCalculator>, { id: typeof ID }>;
  estimate: ReturnType<typeof describeEstimate>;
};

function PaymentResults({ view: { run, estimate } }: { view: View }) {
  const r = run.result;
  return (
    <>
      <PaymentDisclosure
        payment={{ label: 'Monthly payment (principal and interest)', value: formatCents(r.paymentCents) }}
        apr={showPercent(run.aprPercent, 3)}
        termsSummary={`${r.months / 12} years, fixed`}
        terms={estimate.terms ?? ''}
      />
      <p className="mt-3 text-sm">
        <a
          href={`${CALCULATORS['debt-to-income'].path}?payment=${paymentForLink(run)}`}
          className="text-brand-700 font-medium underline underline-offset-2"
        >
          Check your debt-to-income ratio with this payment
        </a>
      </p>
      <Figures>
        <Figure label="Total interest" value={formatCents(r.totalInterestCents)} testId="total-interest" />
        <Figure label="Total of payments" value={formatCents(r.totalPaidCents)} />
      </Figures>
      <BarChart
        title="Principal and interest by year"
        description={`Over ${r.years.length} years, interest is the larger part of each year's payments at first, principal later.`}
        categories={r.years.map((y) => String(y.year))}
        series={[
          { name: 'Principal', fill: 'fill-brand-700', values: r.years.map((y) => dollars(y.principalCents)) },
          { name: 'Interest', fill: 'fill-amber-500', values: r.years.map((y) => dollars(y.interestCents)) },
        ]}
        labelEvery={r.years.length > 15 ? 5 : 1}
      />
      <ScheduleTable
        caption="Amortization by year"
        columns={['Year', 'Principal', 'Interest', 'Balance']}
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

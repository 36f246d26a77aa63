'use client';

import { useMemo } from 'react';
import type { CalculatorDefaults } from '@/lib/calculators/registry';
import { describeEstimate, runCalculator, showPercent } from '@/lib/calculators/run';
import { formatUsd, toCents } from '@/lib/calculators/exact';
import { BarChart } from './bar-chart';
import { CalculatorForm } from './calculator-form';
import { EstimateActions } from './estimate-actions-slot';
import { PaymentDisclosure } from './payment-disclosure';
import { labelledErrors, RegistryFields } from './registry-fields';
import { Figure, Figures, InvalidInputs, Results, ScheduleTable } from './result-parts';
import { useCalculator, type CalculatorValues } from './use-calculator';

const ID = 'construction-interest';
const dollars = (cents: bigint) => Number(cents) / 100;

/**
 * Interest during construction: the form and its results, server-rendered from the query and
 * recomputed in the browser as the visitor types (the registry's parsing, exact arithmetic).
 */
export function ConstructionInterestCalculator({
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
      <CalculatorForm path="/calculators/construction-interest" formRef={formRef} onChange={onChange} onSubmit={onSubmit}>
        <RegistryFields id={ID} initial={initial} errors={fieldErrors} />
      </CalculatorForm>

      <Results>
        {!view || parsed.ok === false ? (
          <InvalidInputs errors={labelledErrors(ID, parsed.ok ? {} : parsed.errors)} alert={!typed} />
        ) : (
          <ConstructionInterestResults view={view} />
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

function ConstructionInterestResults({ view: { run, estimate } }: { view: View }) {
  const { months, totalDrawn, totalInterest } = run.result;
  const last = months[months.length - 1]!;
  return (
    <>
      <Figures>
        <Figure label="Total interest during construction" value={formatUsd(totalInterest)} testId="total-interest" />
        <Figure label="Loan drawn" value={formatUsd(totalDrawn)} detail={`${months.length} monthly draws`} />
      </Figures>
      <PaymentDisclosure
        payment={{ label: 'Largest monthly interest payment', value: formatUsd(last.interest) }}
        apr={showPercent(run.aprPercent, 3)}
        termsSummary={`${months.length} months, interest only`}
        terms={estimate.terms ?? ''}
      />
      <BarChart
        title="Interest by month"
        description={`Monthly interest rises from ${formatUsd(months[0]!.interest)} to ${formatUsd(last.interest)} as the loan is drawn.`}
        categories={months.map((m) => String(m.month))}
        series={[{ name: 'Interest', fill: 'fill-brand-700', values: months.map((m) => dollars(toCents(m.interest))) }]}
        labelEvery={months.length > 18 ? 3 : 1}
      />
      <ScheduleTable
        caption="Monthly draw schedule"
        columns={['Month', 'Draw', 'Balance', 'Interest']}
        rows={months.map((m) => [String(m.month), formatUsd(m.draw), formatUsd(m.balance), formatUsd(m.interest)])}
        footer={['Total', formatUsd(totalDrawn), '', formatUsd(totalInterest)]}
      />
    </>
  );
}

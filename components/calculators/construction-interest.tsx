'use client';

import { useMemo } from 'react';
import { BarChart } from './bar-chart';
import { CalculatorForm } from './calculator-form';
import { EstimateActions } from './estimate-actions-slot';
import { NumberField, SelectField, TextAreaField } from './fields';
import { Figure, Figures, InvalidInputs, Results, ScheduleTable } from './result-parts';
import { useCalculator, type CalculatorValues } from './use-calculator';
import {
  CONSTRUCTION_INTEREST,
  constructionInterest,
  DRAW_LABELS,
  MAX_MONTHS,
  parseConstructionInterest,
} from '@/lib/calculators/construction-interest-page';
import { DRAW_SCHEDULES } from '@/lib/calculators/construction-interest';
import { formatUsd, toCents } from '@/lib/calculators/exact';

const dollars = (cents: bigint) => Number(cents) / 100;

/**
 * Interest during construction: the form and its results, server-rendered from the query and
 * recomputed in the browser as the visitor types (exact arithmetic both sides, the same code).
 */
export function ConstructionInterestCalculator({ initial }: { initial: CalculatorValues }) {
  const { formRef, values, onChange, onSubmit } = useCalculator(CONSTRUCTION_INTEREST.path, initial);
  const parsed = useMemo(() => parseConstructionInterest(values), [values]);
  const result = useMemo(() => (parsed.ok ? constructionInterest(parsed.input) : null), [parsed]);
  // Field errors show beside the fields only for the query the server read: a field's text is the
  // visitor's while they type, and the results region says what is wrong meanwhile.
  const shownErrors = values === initial ? parsed.errors : {};

  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_1fr]">
      <CalculatorForm path={CONSTRUCTION_INTEREST.path} formRef={formRef} onChange={onChange} onSubmit={onSubmit}>
        <NumberField
          name="amount"
          label="Construction loan amount"
          prefix="$"
          defaultValue={initial.amount ?? ''}
          error={shownErrors.amount}
          hint="Ignored for custom draws: their sum is the loan."
        />
        <NumberField
          name="rate"
          label="Interest rate"
          suffix="% a year"
          defaultValue={initial.rate ?? ''}
          error={shownErrors.rate}
        />
        <NumberField
          name="months"
          label="Months of construction"
          suffix="months"
          defaultValue={initial.months ?? ''}
          error={shownErrors.months}
          hint={`1 to ${MAX_MONTHS}; one draw at the start of each month.`}
        />
        <SelectField
          name="draw"
          label="Draw schedule"
          defaultValue={initial.draw ?? 'even'}
          error={shownErrors.draw}
          options={DRAW_SCHEDULES.map((value) => ({ value, label: DRAW_LABELS[value] }))}
        />
        <TextAreaField
          name="draws"
          label="Custom draws (one amount per month)"
          defaultValue={initial.draws ?? ''}
          error={shownErrors.draws}
          hint="Used with 'Custom draws', e.g. 50000 30000 40000."
        />
      </CalculatorForm>

      <Results>
        {!result ? (
          <InvalidInputs errors={parsed.errors} alert={values === initial} />
        ) : (
          <>
            <Figures>
              <Figure
                label="Total interest during construction"
                value={formatUsd(result.totalInterest)}
                testId="total-interest"
              />
              <Figure
                label="Loan drawn"
                value={formatUsd(result.totalDrawn)}
                detail={`${result.months.length} monthly draws, ${DRAW_LABELS[parsed.ok ? parsed.input.schedule : 'even'].toLowerCase()}`}
              />
            </Figures>
            <p className="mt-4 text-sm text-slate-700">
              Terms assumed: interest-only payments each month on the balance drawn so far, at {values.rate}% a year (balance ×
              rate ÷ 12), draws at the start of each month; the loan then converts or is repaid.
            </p>
            <BarChart
              title="Interest by month"
              description={`Monthly interest rises from ${formatUsd(result.months[0]!.interest)} to ${formatUsd(result.months.at(-1)!.interest)} as the loan is drawn.`}
              categories={result.months.map((m) => String(m.month))}
              series={[
                { name: 'Interest', fill: 'fill-brand-700', values: result.months.map((m) => dollars(toCents(m.interest))) },
              ]}
              labelEvery={result.months.length > 18 ? 3 : 1}
            />
            <ScheduleTable
              caption="Monthly draw schedule"
              columns={['Month', 'Draw', 'Balance', 'Interest']}
              rows={result.months.map((m) => [String(m.month), formatUsd(m.draw), formatUsd(m.balance), formatUsd(m.interest)])}
              footer={['Total', formatUsd(result.totalDrawn), '', formatUsd(result.totalInterest)]}
            />
          </>
        )}
        <EstimateActions calculator={CONSTRUCTION_INTEREST.id} values={values} />
      </Results>
    </div>
  );
}

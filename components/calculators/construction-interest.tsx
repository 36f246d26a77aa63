'use client';

import { useMemo } from 'react';
import { formatUsd, toCents } from '@/lib/calculators/exact';
import { checkDraws } from '@/lib/calculators/query-draws';
import {
  constructionInterestTerms,
  runConstructionInterest,
  type ConstructionInterestRun,
} from '@/lib/calculators/runs/construction-interest';
import { showPercent } from '@/lib/calculators/runs/shared';
import type { ConstructionInterestCopy } from '@/lib/calculators/copy';
import { BarChart } from './bar-chart';
import { PaymentDisclosure } from './payment-disclosure';
import { Figure, Figures, InvalidInputs, ScheduleTable } from './result-parts';
import { useCalculator, type CalculatorSetup } from './use-calculator';

/** Custom draws are this calculator's own input kind. */
const CHECKERS = { draws: checkDraws };

const dollars = (cents: bigint) => Number(cents) / 100;

/**
 * Interest during construction, the live results (the page renders the form around them,
 * ./calculator-body.tsx): server-rendered from the query and recomputed in the browser as the
 * visitor types, with the registry's parsing and exact arithmetic on both sides.
 */
export function ConstructionInterestCalculator({ setup, copy }: { setup: CalculatorSetup; copy: ConstructionInterestCopy }) {
  const { parsed, typed } = useCalculator(setup, CHECKERS);
  const run = useMemo(() => (parsed.ok ? runConstructionInterest(parsed.values) : null), [parsed]);
  // The schedule in words, as its field's option says it.
  const schedule = setup.inputs.find((input) => input.name === 'draw')?.options?.find((o) => o.value === run?.schedule)?.label;

  return (
    <>
      {run ? (
        <InterestResults run={run} schedule={schedule ?? ''} copy={copy} />
      ) : (
        <InvalidInputs errors={parsed.ok ? {} : parsed.errors} inputs={setup.inputs} alert={!typed} />
      )}
    </>
  );
}

function InterestResults({
  run,
  schedule,
  copy,
}: {
  run: ConstructionInterestRun;
  schedule: string;
  copy: ConstructionInterestCopy;
}) {
  const { months, totalDrawn, totalInterest } = run.result;
  const last = months[months.length - 1]!;
  return (
    <>
      <Figures>
        <Figure label={copy.totalInterest} value={formatUsd(totalInterest)} testId="total-interest" />
        <Figure label={copy.drawn} value={formatUsd(totalDrawn)} detail={`${months.length} monthly draws`} />
      </Figures>
      <PaymentDisclosure
        payment={{ label: copy.payment, value: formatUsd(last.interest) }}
        apr={showPercent(run.aprPercent, 3)}
        termsSummary={`${months.length} months, interest only`}
        terms={constructionInterestTerms(run, schedule)}
      />
      <BarChart
        title={copy.chart}
        description={`From ${formatUsd(months[0]!.interest)} to ${formatUsd(last.interest)} a month as the loan is drawn.`}
        categories={months.map((m) => String(m.month))}
        series={[{ name: 'Interest', fill: 'fill-brand-700', values: months.map((m) => dollars(toCents(m.interest))) }]}
        labelEvery={months.length > 18 ? 3 : 1}
      />
      <ScheduleTable
        caption={copy.table}
        columns={copy.columns}
        rows={months.map((m) => [String(m.month), formatUsd(m.draw), formatUsd(m.balance), formatUsd(m.interest)])}
        footer={['Total', formatUsd(totalDrawn), '', formatUsd(totalInterest)]}
      />
    </>
  );
}

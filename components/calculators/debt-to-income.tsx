'use client';

import { useMemo } from 'react';
import { formatPercent, formatUsd, type Exact } from '@/lib/calculators/exact';
import { fillTemplate } from '@/lib/calculators/fill-template';
import { isOver, runDebtToIncome, type DebtToIncomeRun } from '@/lib/calculators/runs/debt-to-income';
import type { DebtToIncomeCopy } from '@/lib/calculators/copy';
import { Figure, Figures, InvalidInputs } from './result-parts';
import { useCalculator, type CalculatorSetup } from './use-calculator';

/**
 * Debt-to-income: the front-end and back-end ratios, each with a bar against the maximum the site
 * advertises, and in words whether the debts fit under it and what would bring them there.
 */
export function DebtToIncomeCalculator({ setup, copy }: { setup: CalculatorSetup; copy: DebtToIncomeCopy }) {
  const { parsed, typed } = useCalculator(setup);
  const run = useMemo(() => (parsed.ok ? runDebtToIncome(parsed.values) : null), [parsed]);
  return (
    <>
      {run ? (
        <DebtToIncomeResults run={run} copy={copy} />
      ) : (
        <InvalidInputs errors={parsed.ok ? {} : parsed.errors} inputs={setup.inputs} alert={!typed} />
      )}
    </>
  );
}

function DebtToIncomeResults({ run, copy }: { run: DebtToIncomeRun; copy: DebtToIncomeCopy }) {
  const r = run.result;
  const words = {
    max: formatPercent(r.maximum, 0),
    front: formatPercent(r.frontEnd),
    back: formatPercent(r.backEnd),
    income: formatUsd(run.income),
    payment: formatUsd(run.payment),
    debts: formatUsd(run.totalDebts),
    room: formatUsd(run.room),
    excess: formatUsd(run.excess),
    needed: formatUsd(run.incomeNeeded),
  };
  const fill = (template: string) => fillTemplate(template, words);
  const ratio = (label: string, value: string, ratio: Exact, detail: string, testId: string) => {
    const over = isOver(ratio, r.maximum);
    return (
      <Figure
        label={label}
        value={value}
        testId={testId}
        detail={
          <>
            <span className={over ? 'calc-over' : 'calc-within'}>{fill(over ? copy.over : copy.within)}</span> {fill(detail)}
            <Meter ratio={ratio} over={over} />
          </>
        }
      />
    );
  };
  return (
    <>
      <p className={r.withinMaximum ? 'calc-verdict' : 'calc-verdict calc-verdict-over'} data-testid="dti-verdict">
        {fill(r.withinMaximum ? copy.verdictWithin : copy.verdictOver)}
        {isOver(r.frontEnd, r.maximum) && ` ${fill(copy.frontOver)}`}
      </p>
      <Figures>
        {ratio(copy.frontEnd, words.front, r.frontEnd, copy.frontDetail, 'front-end')}
        {ratio(copy.backEnd, words.back, r.backEnd, copy.backDetail, 'back-end')}
      </Figures>
      <p className="calc-note">{fill(copy.scale)}</p>
    </>
  );
}

/** A ratio from 0 to 100% of income as a bar, the maximum a line across it at 50% (CSS). */
function Meter({ ratio, over }: { ratio: Exact; over: boolean }) {
  const width = Math.min(100, Math.round((1000 * Number(ratio.n)) / Number(ratio.d)) / 10);
  return (
    <span className="calc-meter" aria-hidden="true">
      <span className={over ? 'calc-over' : undefined} style={{ width: `${width}%` }} />
    </span>
  );
}

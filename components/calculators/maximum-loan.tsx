'use client';

import { useMemo } from 'react';
import { formatUsd, sum, type Exact } from '@/lib/calculators/exact';
import { fillTemplate } from '@/lib/calculators/fill-template';
import { runMaximumLoan, type MaximumLoanRun } from '@/lib/calculators/runs/maximum-loan';
import { showPercent } from '@/lib/calculators/runs/shared';
import type { MaximumLoanCopy } from '@/lib/calculators/copy';
import { Figure, Figures, InvalidInputs } from './result-parts';
import { useCalculator, type CalculatorSetup } from './use-calculator';

/**
 * How much can I borrow: the maximum loan, the limit that binds and why, both limits, the land's
 * equity toward the down payment and the cash needed at closing, and a bar of how the project is
 * paid for (plain elements sized in percent: no chart code).
 */
export function MaximumLoanCalculator({ setup, copy }: { setup: CalculatorSetup; copy: MaximumLoanCopy }) {
  const { parsed, typed } = useCalculator(setup);
  const run = useMemo(() => (parsed.ok ? runMaximumLoan(parsed.values) : null), [parsed]);
  return (
    <>
      {run ? (
        <MaximumLoanResults run={run} copy={copy} />
      ) : (
        <InvalidInputs errors={parsed.ok ? {} : parsed.errors} inputs={setup.inputs} alert={!typed} />
      )}
    </>
  );
}

/** 90 → '90%', 87.5 → '87.5%'. */
const percentage = (valuePercent: Exact) => showPercent(valuePercent).replace(/\.?0+%$/, '%');

function MaximumLoanResults({ run, copy }: { run: MaximumLoanRun; copy: MaximumLoanCopy }) {
  const r = run.result;
  const words: Record<string, string> = {
    ltc: percentage(run.ltcPercent),
    ltv: percentage(run.ltvPercent),
    total: formatUsd(r.totalCost),
    land: formatUsd(run.landValue),
    cost: formatUsd(run.constructionCost),
    value: formatUsd(run.completedValue),
    ltcLimit: formatUsd(r.ltcLimit),
    ltvLimit: formatUsd(r.ltvLimit),
    needed: formatUsd(r.fundsNeeded),
    loan: formatUsd(r.maximumLoan),
    owed: formatUsd(run.landOwed),
  };
  words.parts = fillTemplate(run.buying ? copy.parts.buying : run.landOwed.n > 0n ? copy.parts.owing : copy.parts.owned, words);
  // What pays for the project: the land's cost and the build, or more when the land owes more than it is worth.
  const split = [r.maximumLoan, r.landEquity, r.cashAtClosing];
  words.paid = formatUsd(sum(split));
  const fill = (template: string) => fillTemplate(template, words);
  return (
    <>
      <Figures>
        <Figure label={copy.maximum} value={words.loan!} testId="maximum-loan" />
        <Figure label={copy.binding} value={copy.names[r.binding]} detail={fill(copy.why[r.binding])} testId="binding" />
        <Figure label={copy.ltcLimit} value={words.ltcLimit!} detail={fill(copy.ltcDetail)} testId="ltc-limit" />
        <Figure label={copy.ltvLimit} value={words.ltvLimit!} detail={fill(copy.ltvDetail)} testId="ltv-limit" />
        <Figure
          label={copy.equity}
          value={formatUsd(r.landEquity)}
          detail={fill(run.buying ? copy.equityBuying : copy.equityOwned)}
          testId="land-equity"
        />
        <Figure label={copy.cash} value={formatUsd(r.cashAtClosing)} detail={fill(copy.cashDetail)} testId="cash-at-closing" />
      </Figures>
      <Split title={fill(copy.split)} names={copy.splitParts} amounts={split} />
    </>
  );
}

/** One bar split into the loan, the land's equity and the cash, with its legend in words. */
function Split({ title, names, amounts }: { title: string; names: string[]; amounts: Exact[] }) {
  const numbers = amounts.map((a) => Number(a.n) / Number(a.d));
  const whole = numbers.reduce((x, y) => x + y, 0) || 1;
  return (
    <figure className="calc-split">
      <figcaption>{title}</figcaption>
      <div aria-hidden="true">
        {numbers.map((n, i) => (
          <span key={names[i]} style={{ width: `${Math.round((1000 * n) / whole) / 10}%` }} />
        ))}
      </div>
      <ul>
        {names.map((name, i) => (
          <li key={name}>{`${name}: ${formatUsd(amounts[i]!)}`}</li>
        ))}
      </ul>
    </figure>
  );
}

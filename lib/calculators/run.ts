import { financeChargesCents } from './apr';
import { formatCents, formatPercent, formatUsd } from './exact';
import { CALCULATORS, DRAW_OPTIONS, drawAmounts, type CalculatorId } from './registry';
import { constructionInterestTerms, runConstructionInterest, type ConstructionInterestRun } from './runs/construction-interest';
import {
  constructionToPermanentTerms,
  runConstructionToPermanent,
  type ConstructionToPermanentRun,
} from './runs/construction-to-permanent';
import { runDebtToIncome, type DebtToIncomeRun } from './runs/debt-to-income';
import { runMaximumLoan, type MaximumLoanRun } from './runs/maximum-loan';
import { d, showPercent } from './runs/shared';

/**
 * Checked values (registry.ts parseCalculatorQuery) → the engine's inputs and results, and the
 * estimate in words: the lines the page's summary, the visitor's e-mail and the stored lead share.
 */

export type CalculatorRun = ConstructionInterestRun | ConstructionToPermanentRun | MaximumLoanRun | DebtToIncomeRun;

/** Runs a calculator on values that passed parseCalculatorQuery. */
export function runCalculator(id: CalculatorId, values: Record<string, string>): CalculatorRun {
  switch (id) {
    case 'construction-interest':
      return runConstructionInterest(values);
    case 'construction-to-permanent':
      return runConstructionToPermanent(values);
    case 'maximum-loan':
      return runMaximumLoan(values);
    case 'debt-to-income':
      return runDebtToIncome(values);
  }
}

export interface EstimateLine {
  label: string;
  value: string;
}

export interface Estimate {
  title: string;
  inputs: EstimateLine[];
  results: EstimateLine[];
  /** The terms the figures assume, in one sentence (Reg Z: shown beside every payment). */
  terms: string | null;
}

const money = (value: string | undefined) => formatUsd(d(value));
const optionLabel = (options: readonly { value: string; label: string }[], value: string | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '';

/** The inputs as the visitor set them, in words (inputs that do not apply are left out). */
function inputLines(id: CalculatorId, values: Record<string, string>): EstimateLine[] {
  const lines: EstimateLine[] = [];
  for (const input of CALCULATORS[id].inputs) {
    if (input.onlyWhen && !input.onlyWhen.values.includes(values[input.onlyWhen.name] ?? '')) continue;
    const value = values[input.name] ?? '';
    const label = input.label.replace(/ \((\$|%|\$ a month|% of the loan)\)$/, '');
    const shown =
      input.kind === 'money'
        ? money(value)
        : input.kind === 'percent'
          ? `${value}%`
          : input.kind === 'draws'
            ? drawAmounts(value).map(formatUsd).join(', ')
            : input.kind === 'choice'
              ? optionLabel(input.options ?? [], value)
              : value;
    lines.push({ label, value: shown });
  }
  return lines;
}

/** The estimate in words, for the page summary, the e-mail and the lead. */
export function describeEstimate(id: CalculatorId, values: Record<string, string>, run = runCalculator(id, values)): Estimate {
  const title = CALCULATORS[id].title;
  const inputs = inputLines(id, values);
  switch (run.id) {
    case 'construction-interest': {
      const months = run.result.months;
      const last = months[months.length - 1];
      const charges = financeChargesCents(run.result.totalDrawn, run.pointsPercent);
      return {
        title,
        inputs,
        results: [
          { label: 'Total interest during construction', value: formatUsd(run.result.totalInterest) },
          { label: 'Largest monthly interest payment', value: last ? formatUsd(last.interest) : '$0.00' },
          { label: 'APR', value: showPercent(run.aprPercent, 3) },
          { label: 'Points and lender fees', value: formatCents(charges) },
        ],
        terms: constructionInterestTerms(run, optionLabel(DRAW_OPTIONS, run.schedule)),
      };
    }
    case 'construction-to-permanent': {
      const r = run.result;
      return {
        title,
        inputs,
        results: [
          { label: 'Monthly principal and interest', value: formatCents(r.paymentCents) },
          { label: 'APR', value: showPercent(run.aprPercent, 3) },
          { label: 'Total interest', value: formatCents(r.totalInterestCents) },
          { label: 'Total of payments', value: formatCents(r.totalPaidCents) },
        ],
        terms: constructionToPermanentTerms(run),
      };
    }
    case 'maximum-loan': {
      const r = run.result;
      const binding =
        r.binding === 'ltc'
          ? `Loan-to-cost (${showPercent(run.ltcPercent, 2)})`
          : r.binding === 'ltv'
            ? `Loan-to-value (${showPercent(run.ltvPercent, 2)})`
            : 'What the project needs';
      return {
        title,
        inputs,
        results: [
          { label: 'Maximum loan', value: formatUsd(r.maximumLoan) },
          { label: 'The limit that binds', value: binding },
          { label: 'Loan-to-cost limit', value: formatUsd(r.ltcLimit) },
          { label: 'Loan-to-value limit', value: formatUsd(r.ltvLimit) },
          { label: 'Equity in the land', value: formatUsd(r.landEquity) },
          { label: 'Cash needed at closing', value: formatUsd(r.cashAtClosing) },
        ],
        terms: null,
      };
    }
    case 'debt-to-income': {
      const r = run.result;
      return {
        title,
        inputs,
        results: [
          { label: 'Front-end DTI (housing)', value: formatPercent(r.frontEnd) },
          { label: 'Back-end DTI (all debts)', value: formatPercent(r.backEnd) },
          { label: 'Our maximum', value: formatPercent(r.maximum, 0) },
          { label: 'Within the maximum', value: r.withinMaximum ? 'Yes' : 'No' },
        ],
        terms: null,
      };
    }
  }
}

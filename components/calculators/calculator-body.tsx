import type { ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import type { ParsedQuery } from '@/lib/calculators/query';
import type { EstimateStatus } from '@/lib/calculators/estimate-status';
import { calculatorQuery, type CalculatorId } from '@/lib/calculators/registry';
import { EARLY } from '@/lib/site/early-controls';
import { EstimateActions } from './estimate-actions';
import { FORM_ID, RESULTS_ID } from './ids';
import { RegistryFields } from './registry-fields';

/** Reg Z 1026.24: a calculator's figures are an illustration, never an offer. */
export const ESTIMATE_NOTICE = 'This is an estimate, not an offer of credit.';

/**
 * A calculator's form and results frame, rendered by the server page: only `children` (the
 * calculator's live results) is a client component, so the fields' labels and hints, the frame
 * and its notice are HTML and RSC payload, never script.
 *
 * The form is a GET to the calculator's own page: without JavaScript 'Calculate' loads the page
 * with the new query (a shareable link) and the server computes. With JavaScript the live part
 * listens to the form (./use-calculator.ts). `data-early-boot` asks the deferred boot to start
 * React as soon as focus enters the form, without waiting for a pause in the typing, and to mark
 * the results stale at a keystroke before then (ADR 025). The results region is announced
 * politely as it changes, so a screen reader hears the new figures.
 */
export function CalculatorBody({
  id,
  path,
  parsed,
  estimateStatus,
  actions,
  children,
}: {
  id: CalculatorId;
  path: string;
  parsed: ParsedQuery;
  /** What became of an 'Email me this estimate' sent from this page (the redirect's query). */
  estimateStatus: EstimateStatus | null;
  /** What stands in place of the result's actions (the ad archive's marked box); the actions by default. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const early = { [EARLY.eagerBoot]: RESULTS_ID };
  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_1fr]">
      <form id={FORM_ID} method="get" action={path} aria-labelledby="calc-form-title" className="card space-y-4" {...early}>
        <h2 id="calc-form-title" className="text-brand-900 text-lg font-semibold">
          Your numbers
        </h2>
        <RegistryFields id={id} initial={parsed.values} errors={parsed.ok ? {} : parsed.errors} />
        <button type="submit" className={`${buttonStyles.primary} w-full`}>
          Calculate
        </button>
      </form>
      <section id={RESULTS_ID} aria-labelledby="calc-results-title" className="card" aria-live="polite" aria-atomic="false">
        <h2 id="calc-results-title" className="text-brand-900 text-lg font-semibold">
          Results
        </h2>
        {children}
        <p className="mt-6 text-sm font-medium text-slate-800">{ESTIMATE_NOTICE}</p>
      </section>
      <div className="lg:col-span-2">
        {actions ?? <EstimateActions id={id} path={path} query={calculatorQuery(id, parsed.values)} status={estimateStatus} />}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import type { EstimateStatus } from '@/lib/calculators/estimate-status';
import type { LiveConfig } from '@/lib/calculators/live/config';
import type { ParsedQuery } from '@/lib/calculators/query';
import { calculatorQuery, type CalculatorId } from '@/lib/calculators/registry';
import { EARLY } from '@/lib/site/early-controls';
import { CalculatorResults } from './calculator-results';
import { EstimateActions } from './estimate-actions';
import { FORM_ID, RESULTS_ID } from './ids';
import { RegistryFields } from './registry-fields';

/** Reg Z 1026.24: a calculator's figures are an illustration, never an offer. */
export const ESTIMATE_NOTICE = 'This is an estimate, not an offer of credit.';

/**
 * A calculator's form and results, rendered by the server page: HTML and RSC payload, no
 * component of React's in the browser.
 *
 * The form is a GET to the calculator's own page: without JavaScript 'Calculate' loads the page
 * with the new query (a shareable link) and the server computes. With JavaScript the page's live
 * script (./calculator-results.tsx, ADR 039) listens to the form and recomputes at each input.
 * `EARLY.liveAnswer` asks the boot script to mark the results stale at a keystroke the live script
 * has not answered yet (it has not loaded), so the visitor sees the figures are being worked on.
 * The results region is announced politely as it changes, so a screen reader hears the new figures.
 */
export function CalculatorBody({
  id,
  parsed,
  setup,
  estimateStatus,
  actions,
  live = true,
}: {
  id: CalculatorId;
  parsed: ParsedQuery;
  setup: LiveConfig;
  /** What became of an 'Email me this estimate' sent from this page (the redirect's query). */
  estimateStatus: EstimateStatus | null;
  /** What stands in place of the result's actions (the ad archive's marked box); the actions by default. */
  actions?: ReactNode;
  /** False in the ad archive: the figures as computed, without the live script. */
  live?: boolean;
}) {
  const early = { [EARLY.liveAnswer]: RESULTS_ID };
  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <form id={FORM_ID} method="get" action={setup.path} aria-labelledby="calc-form-title" className="card space-y-4" {...early}>
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
        <CalculatorResults id={id} parsed={parsed} setup={setup} live={live} />
        <p className="mt-6 text-sm font-medium text-slate-800">{ESTIMATE_NOTICE}</p>
      </section>
      <div className="lg:col-span-2">
        {actions ?? (
          <EstimateActions id={id} path={setup.path} query={calculatorQuery(id, parsed.values)} status={estimateStatus} />
        )}
      </div>
    </div>
  );
}

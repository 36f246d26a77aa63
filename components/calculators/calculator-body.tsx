import type { ReactNode } from 'react';
import { calculatorBody } from '@/lib/calculators/body/body';
import { bodySlot } from '@/lib/calculators/body/query-page';
import type { EstimateStatus } from '@/lib/calculators/estimate-status';
import type { LiveConfig } from '@/lib/calculators/live/config';
import { liveScriptLoader } from '@/lib/calculators/live/loader';
import { liveScriptUrl } from '@/lib/calculators/live/script-urls';
import { toHtml } from '@/lib/calculators/markup/html';
import type { ParsedQuery } from '@/lib/calculators/query';
import type { CalculatorId } from '@/lib/calculators/registry';

/**
 * A calculator's form, results and actions are HTML written from one markup tree
 * (lib/calculators/body/), never React components: React renders the HTML and never looks inside
 * it (`dangerouslySetInnerHTML`: hydration leaves such an element's content alone), so the live
 * script may replace the figures at the first digit, before React has run, and React taking over
 * changes nothing a visitor sees or typed.
 */

/**
 * The live site's calculator: an empty slot that the server fills for each request, with the
 * defaults or with the query's figures (lib/calculators/body/query-page.ts, ADR 040), and the loader
 * of the live script (outside the slot: the page's Content Security Policy names it by its hash).
 */
export function CalculatorSlot({ id, start }: { id: CalculatorId; start: Record<string, string> }) {
  const src = liveScriptUrl(id);
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: bodySlot(start) }} />
      {src ? <script dangerouslySetInnerHTML={{ __html: liveScriptLoader(src) }} /> : null}
    </>
  );
}

/**
 * The calculator whole, as React renders it: the ad archive's copy (the figures alone, `live`
 * false, its own box in the actions' place) and the tests' pages.
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
  const html = toHtml(calculatorBody(id, parsed, setup, { estimateStatus, live, actions: actions === undefined }));
  return (
    <>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      {actions !== undefined ? <div className="mt-8">{actions}</div> : null}
    </>
  );
}

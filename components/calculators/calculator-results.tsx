import type { LiveConfig } from '@/lib/calculators/live/config';
import { LIVE_CONFIG_ATTRIBUTE, LIVE_ID } from '@/lib/calculators/live/ids';
import { liveScriptLoader } from '@/lib/calculators/live/loader';
import { liveScriptUrl } from '@/lib/calculators/live/script-urls';
import { toHtml } from '@/lib/calculators/markup/html';
import type { ParsedQuery } from '@/lib/calculators/query';
import type { CalculatorId } from '@/lib/calculators/registry';
import { RESULTS_VIEWS } from '@/lib/calculators/views';

/**
 * A calculator's figures as the server computed them from the query, written as HTML by the same
 * view the page's live script runs in the browser (lib/calculators/views/, ADR 039). React renders
 * the region's HTML and never looks inside it (`dangerouslySetInnerHTML`: hydration leaves such
 * an element's content alone), so the live script may replace the figures at the first digit,
 * before React has run, and React taking over changes nothing a visitor sees or typed.
 *
 * `live` adds the script's configuration and its loader; the ad archive renders the figures alone.
 */
export function CalculatorResults({
  id,
  parsed,
  setup,
  live = true,
}: {
  id: CalculatorId;
  parsed: ParsedQuery;
  setup: LiveConfig;
  live?: boolean;
}) {
  const html = toHtml(RESULTS_VIEWS[id](parsed, setup.inputs, true));
  const src = live ? liveScriptUrl(id) : null;
  const config = src ? { [LIVE_CONFIG_ATTRIBUTE]: JSON.stringify(setup) } : {};
  return (
    <>
      <div id={LIVE_ID} {...config} dangerouslySetInnerHTML={{ __html: html }} />
      {src ? <script dangerouslySetInnerHTML={{ __html: liveScriptLoader(src) }} /> : null}
    </>
  );
}

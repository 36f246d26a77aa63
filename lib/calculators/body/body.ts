import { EARLY } from '../../site/early-controls';
import { buttonStyles } from '../../ui/button-styles';
import type { EstimateStatus } from '../estimate-status';
import type { LiveConfig } from '../live/config';
import { FORM_ID, LIVE_CONFIG_ATTRIBUTE, LIVE_ID, RESULTS_ID } from '../live/ids';
import { h, type MarkupNode } from '../markup/node';
import type { ParsedQuery } from '../query';
import { calculatorQuery, type CalculatorId } from '../registry';
import { RESULTS_VIEWS } from '../views';
import { estimateActions } from './estimate-actions';
import { registryFields } from './fields';

/** Reg Z 1026.24: a calculator's figures are an illustration, never an offer. */
export const ESTIMATE_NOTICE = 'This is an estimate, not an offer of credit.';

export interface BodyOptions {
  /** What became of an 'Email me this estimate' sent from this page (the redirect's query). */
  estimateStatus: EstimateStatus | null;
  /** False in the ad archive: the figures as computed, without the live script's configuration. */
  live: boolean;
  /** False in the ad archive, which shows a marked box of its own in the actions' place. */
  actions: boolean;
}

/**
 * Everything of a calculator page that its query decides: the form holding the values read from
 * the query (and the messages for bad ones), the figures computed from them, and the actions
 * carrying them. One markup tree, written as HTML by the server, both when it renders the page
 * and when it answers a query (./query-page.ts), so the page a visitor gets is the same either way.
 *
 * The form is a GET to the calculator's own page: without JavaScript 'Calculate' loads the page
 * with the new query (a shareable link) and the server computes. With JavaScript the page's live
 * script (../live/start.ts, ADR 039) listens to the form and recomputes at each input, through the
 * same view. `EARLY.liveAnswer` asks the boot script to mark the results stale at a keystroke the
 * live script has not answered yet (it has not loaded), so the visitor sees the figures are being
 * worked on. The results region is announced politely as it changes.
 */
export function calculatorBody(id: CalculatorId, parsed: ParsedQuery, setup: LiveConfig, options: BodyOptions): MarkupNode {
  const results = RESULTS_VIEWS[id](parsed, setup.inputs, true);
  return h(
    'div',
    { class: 'grid grid-cols-1 gap-8 lg:grid-cols-[22rem_minmax(0,1fr)]' },
    h(
      'form',
      {
        id: FORM_ID,
        method: 'get',
        action: setup.path,
        'aria-labelledby': 'calc-form-title',
        class: 'card space-y-4',
        [EARLY.liveAnswer]: RESULTS_ID,
      },
      h('h2', { id: 'calc-form-title', class: 'text-brand-900 text-lg font-semibold' }, 'Your numbers'),
      registryFields(id, parsed.values, parsed.ok ? {} : parsed.errors),
      h('button', { type: 'submit', class: `${buttonStyles.primary} w-full` }, 'Calculate'),
    ),
    h(
      'section',
      { id: RESULTS_ID, 'aria-labelledby': 'calc-results-title', class: 'card', 'aria-live': 'polite', 'aria-atomic': 'false' },
      h('h2', { id: 'calc-results-title', class: 'text-brand-900 text-lg font-semibold' }, 'Results'),
      h('div', { id: LIVE_ID, [LIVE_CONFIG_ATTRIBUTE]: options.live ? JSON.stringify(setup) : null }, results),
      h('p', { class: 'mt-6 text-sm font-medium text-slate-800' }, ESTIMATE_NOTICE),
    ),
    options.actions
      ? h(
          'div',
          { class: 'lg:col-span-2' },
          estimateActions(id, setup.path, calculatorQuery(id, parsed.values), options.estimateStatus),
        )
      : null,
  );
}

import { ESTIMATE_QUERY_INPUT_ID } from '../estimate-status';
import { toDom } from '../markup/dom';
import { parseInputs, type InputCheckers } from '../query';
import type { ResultsView } from '../views/types';
import type { LiveConfig } from './config';
import { FORM_ID, LIVE_CONFIG_ATTRIBUTE, LIVE_ID, RESULTS_ID } from './ids';

/** How long the address bar waits for a pause in the typing (Safari refuses >100 updates in 30 s). */
const URL_DELAY_MS = 400;
/** The boot script's mark on results typed into before they were recomputed (lib/site/early-controls.ts). */
const STALE = 'data-early-stale';

type Values = Record<string, string>;

/** The form's fields as the query the GET form would send. */
export function formValues(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}

const sameValues = (a: Values, b: Values) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/**
 * A calculator page's live figures (issue 32, ADR 039), in the browser without React: every input
 * reads the form, parses it with the registry's rules and the page's defaults, runs the same engine
 * and view as the server (`view`), and puts the new figures in the live region. So the first digit
 * is answered as soon as this small script has loaded after the page, whether React has run or
 * not, and React never renders the figures (the region is HTML it does not hydrate into).
 *
 * Loaded after `load` (./loader.ts): what was typed before it came is read at once. The address
 * bar follows (replaceState), so the URL stays the shareable link to what is on screen, and
 * 'Email me this estimate' sends the figures on screen.
 */
export function startLive(view: ResultsView, checkers?: InputCheckers): void {
  const form = document.getElementById(FORM_ID);
  const live = document.getElementById(LIVE_ID);
  const config = live?.getAttribute(LIVE_CONFIG_ATTRIBUTE);
  if (!(form instanceof HTMLFormElement) || !live || !config) return;
  const { path, inputs, start, initial } = JSON.parse(config) as LiveConfig;
  let shown = initial;
  let urlTimer: ReturnType<typeof setTimeout> | undefined;

  function update() {
    const values = formValues(form as HTMLFormElement);
    if (!sameValues(values, shown)) {
      shown = values;
      live!.replaceChildren(toDom([view(parseInputs(inputs, start, values, checkers), inputs, false)]));
    }
    document.getElementById(RESULTS_ID)?.removeAttribute(STALE);
    // What the GET form would send: the same link with or without JavaScript.
    const query = String(new URLSearchParams(values));
    const estimate = document.getElementById(ESTIMATE_QUERY_INPUT_ID) as HTMLInputElement | null;
    if (estimate) estimate.value = query;
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      const url = `${path}?${query}`;
      if (url !== location.pathname + location.search) history.replaceState(history.state, '', url);
    }, URL_DELAY_MS);
  }

  form.addEventListener('input', update);
  form.addEventListener('change', update);
  // With the script the figures are already current: 'Calculate' only settles the address. 'Apply
  // with these numbers' submits this form elsewhere (its formaction): let it go.
  form.addEventListener('submit', (event) => {
    if (event.submitter?.hasAttribute('formaction')) return;
    event.preventDefault();
    update();
  });
  // What was typed while the script was on its way.
  if (!sameValues(formValues(form), initial)) update();
}

'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseInputs, type InputCheckers, type InputDef } from '@/lib/calculators/query';
import { ESTIMATE_QUERY_INPUT_ID } from '@/lib/calculators/estimate-status';
import { EARLY } from '@/lib/site/early-controls';
import { FORM_ID, RESULTS_ID } from './ids';

/** How long the address bar waits for a pause in the typing (Safari refuses >100 updates in 30 s). */
const URL_DELAY_MS = 400;

export type CalculatorValues = Record<string, string>;

/** The form's fields as the query the GET form would send. */
export function formValues(form: HTMLFormElement): CalculatorValues {
  const values: CalculatorValues = {};
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') values[name] = value;
  return values;
}

const sameValues = (a: CalculatorValues, b: CalculatorValues) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** What the server page hands its calculator's live half (lib/calculators/page-query.server.ts). */
export interface CalculatorSetup {
  /** The calculator's page, which its GET form and the address bar point to. */
  path: string;
  /** Its inputs (the registry's definitions, handed over by the server page). */
  inputs: readonly InputDef[];
  /** The defaults an empty input takes (the registry's, from the rates table and the owner's settings). */
  start: CalculatorValues;
  /** The values the server read from the query (checked, or as typed where wrong). */
  initial: CalculatorValues;
}

/**
 * The live half of a calculator page. The page is server-rendered from its query with the same
 * components, so without JavaScript the GET form recalculates on the server. With it, every input
 * event reads the form, parses it with the registry's rules (./query.ts, the same defaults) and
 * the results re-render at once; the address bar follows (replaceState), so the URL stays the
 * shareable link to what is on screen.
 *
 * The fields are uncontrolled: what a visitor types before React has hydrated stays in them (ADR
 * 015), and the mount effect reads it, so the results catch up as soon as React runs.
 */
export function useCalculator({ path, inputs, start, initial }: CalculatorSetup, checkers?: InputCheckers) {
  const [values, setValues] = useState(initial);
  const urlTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const parsed = useMemo(() => parseInputs(inputs, start, values, checkers), [inputs, start, values, checkers]);

  const read = useCallback(() => {
    const form = document.getElementById(FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    const next = formValues(form);
    setValues((previous) => (sameValues(previous, next) ? previous : next));
    // What the GET form would send: the same link with or without JavaScript.
    const query = String(new URLSearchParams(next));
    // 'Email me this estimate' sends the figures on screen (./estimate-actions.tsx, a form of its own).
    const estimate = document.getElementById(ESTIMATE_QUERY_INPUT_ID) as HTMLInputElement | null;
    if (estimate) estimate.value = query;
    clearTimeout(urlTimer.current);
    urlTimer.current = setTimeout(() => {
      const url = `${path}?${query}`;
      if (url !== location.pathname + location.search) history.replaceState(history.state, '', url);
    }, URL_DELAY_MS);
  }, [path]);

  // The form is the server's HTML (./calculator-body.tsx): listened to here, not rendered. At
  // hydration, pick up what was typed while the scripts were on their way. With JavaScript the
  // results are already current: a submit only settles the address.
  useEffect(() => {
    const form = document.getElementById(FORM_ID);
    const submit = (event: SubmitEvent) => {
      // 'Apply with these numbers' submits this form elsewhere (its formaction): let it go.
      if (event.submitter?.hasAttribute('formaction')) return;
      event.preventDefault();
      read();
    };
    form?.addEventListener('input', read);
    form?.addEventListener('change', read);
    form?.addEventListener('submit', submit);
    // The fields are the external system here: what they hold may differ from the server's query.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    read();
    return () => {
      form?.removeEventListener('input', read);
      form?.removeEventListener('change', read);
      form?.removeEventListener('submit', submit);
      clearTimeout(urlTimer.current);
    };
  }, [read]);

  // The results now show these values: no longer stale (the boot script's mark, ADR 025).
  useEffect(() => {
    document.getElementById(RESULTS_ID)?.removeAttribute(EARLY.stale);
  }, [values]);

  return { values, parsed, typed: values !== initial };
}

'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  CALCULATORS,
  calculatorQuery,
  parseCalculatorQuery,
  type CalculatorDefaults,
  type CalculatorId,
} from '@/lib/calculators/registry';
import { EARLY } from '@/lib/site/early-controls';
import { RESULTS_ID } from './ids';

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

/**
 * The live half of a calculator page. The page is server-rendered from its query with the same
 * components, so without JavaScript the GET form recalculates on the server. With it, every input
 * event reads the form, parses it with the registry (the server's rules, the same defaults) and
 * the results re-render at once; the address bar follows (replaceState), so the URL stays the
 * shareable link to what is on screen.
 *
 * The fields are uncontrolled: what a visitor types before React has hydrated stays in them (ADR
 * 015), and the mount effect reads it, so the results catch up as soon as React runs.
 */
export function useCalculator(id: CalculatorId, initial: CalculatorValues, defaults: CalculatorDefaults) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const urlTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const parsed = useMemo(() => parseCalculatorQuery(id, values, defaults), [id, values, defaults]);

  const read = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    const next = formValues(form);
    setValues((previous) => (sameValues(previous, next) ? previous : next));
    clearTimeout(urlTimer.current);
    urlTimer.current = setTimeout(() => {
      const checked = parseCalculatorQuery(id, next, defaults);
      const query = checked.ok ? calculatorQuery(id, checked.values) : new URLSearchParams(next).toString();
      const url = `${CALCULATORS[id].path}?${query}`;
      if (url !== location.pathname + location.search) history.replaceState(history.state, '', url);
    }, URL_DELAY_MS);
  }, [id, defaults]);

  // Hydration: pick up what was typed while the scripts were on their way.
  useEffect(() => {
    read();
    return () => clearTimeout(urlTimer.current);
  }, [read]);

  // The results now show these values: no longer stale (the boot script's mark, ADR 024).
  useEffect(() => {
    document.getElementById(RESULTS_ID)?.removeAttribute(EARLY.stale);
  }, [values]);

  /** With JavaScript the results are already current: the submit only settles the address. */
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      read();
    },
    [read],
  );

  // Errors beside the fields only for the query the server read: while the visitor types, a
  // half-typed figure is not an error yet, and the results region says what is wrong meanwhile.
  const fieldErrors = values === initial && !parsed.ok ? parsed.errors : {};
  return { formRef, values, parsed, fieldErrors, typed: values !== initial, onChange: read, onSubmit };
}

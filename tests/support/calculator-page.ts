import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CalculatorBody } from '../../components/calculators/calculator-body';
import { CALCULATORS, FALLBACK_DEFAULTS, parseCalculatorQuery, type CalculatorId } from '../../lib/calculators/registry';

/**
 * What a calculator page renders on the server (the page without JavaScript) from a query: the
 * frame with the calculator's live results as its children, as the page passes them.
 */
export function renderCalculatorPage(
  component: (props: { setup: never; copy: never }) => ReactElement,
  id: CalculatorId,
  copy: object,
  query: string,
): string {
  const parsed = parseCalculatorQuery(id, new URLSearchParams(query), FALLBACK_DEFAULTS);
  const calculator = CALCULATORS[id];
  const setup = {
    path: calculator.path,
    inputs: calculator.inputs,
    start: calculator.defaults(FALLBACK_DEFAULTS),
    initial: parsed.values,
  };
  const live = createElement(component, { setup: setup as never, copy: copy as never });
  const body = { id, path: calculator.path, parsed, estimateStatus: null, children: live };
  return renderToString(createElement(CalculatorBody, body));
}

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CalculatorBody } from '../../components/calculators/calculator-body';
import { calculatorPageSetup } from '../../lib/calculators/page-setup';
import { FALLBACK_DEFAULTS, type CalculatorId } from '../../lib/calculators/registry';

/**
 * What a calculator page renders on the server (the page without JavaScript) from a query: the form
 * and the figures its results view computed, as the page renders them (`live: false`: as the ad
 * archive does, without the live script's configuration).
 */
export function renderCalculatorPage(id: CalculatorId, query: string, { live = true }: { live?: boolean } = {}): string {
  const { parsed, setup } = calculatorPageSetup(id, new URLSearchParams(query), FALLBACK_DEFAULTS);
  return renderToString(createElement(CalculatorBody, { id, parsed, setup, estimateStatus: null, live }));
}

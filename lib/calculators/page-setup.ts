import { CALCULATORS, parseCalculatorInputs, type CalculatorDefaults, type CalculatorId, type QueryInput } from './registry';

/**
 * What a calculator page starts from: the visitor's query read with the registry's rules and the
 * defaults. `setup` is what the page hands its live script (./live/start.ts), so the browser reads
 * what is typed exactly as the server did: this calculator's input definitions and defaults only.
 */
export function calculatorPageSetup(id: CalculatorId, query: QueryInput, defaults: CalculatorDefaults) {
  return calculatorSetupFrom(id, query, CALCULATORS[id].defaults(defaults));
}

/**
 * The same from the values an empty input takes (`start`, as a page's live configuration holds
 * them): how the server answers a query from the page it rendered without one (./body/query-page.ts).
 */
export function calculatorSetupFrom(id: CalculatorId, query: QueryInput, start: Record<string, string>) {
  const calculator = CALCULATORS[id];
  const parsed = parseCalculatorInputs(id, query, start);
  const setup = { path: calculator.path, inputs: calculator.inputs, start, initial: parsed.values };
  return { parsed, setup };
}

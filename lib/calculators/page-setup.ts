import {
  CALCULATORS,
  parseCalculatorQuery,
  type CalculatorDefaults,
  type CalculatorId,
  type ParsedQuery,
  type QueryInput,
} from './registry';

/**
 * What a calculator page starts from: the visitor's query read with the registry's rules and the
 * defaults. `setup` is what the page hands its browser half (components/calculators/use-calculator.ts),
 * so the browser reads what is typed exactly as the server did: this calculator's input
 * definitions and defaults only.
 */
export function calculatorPageSetup(id: CalculatorId, query: QueryInput, defaults: CalculatorDefaults) {
  const calculator = CALCULATORS[id];
  const parsed: ParsedQuery = parseCalculatorQuery(id, query, defaults);
  const setup = {
    path: calculator.path,
    inputs: calculator.inputs,
    start: calculator.defaults(defaults),
    initial: parsed.values,
  };
  return { parsed, setup };
}

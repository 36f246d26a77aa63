import 'server-only';
import { getCalculatorDefaults } from './defaults.server';
import { ESTIMATE_STATUS_PARAM, isEstimateStatus } from './estimate-status';
import { CALCULATORS, parseCalculatorQuery, type CalculatorId, type ParsedQuery, type QueryInput } from './registry';

/**
 * What a calculator page starts from: the visitor's query read with the registry's rules and the
 * defaults (the rates table's first rate, the owner's settings). `setup` is what the page hands its
 * browser half (components/calculators/use-calculator.ts), so the browser reads what is typed
 * exactly as the server did: this calculator's input definitions and defaults only.
 */
export async function calculatorPageQuery(id: CalculatorId, searchParams: Promise<QueryInput>) {
  const [query, defaults] = await Promise.all([searchParams, getCalculatorDefaults()]);
  const calculator = CALCULATORS[id];
  const parsed: ParsedQuery = parseCalculatorQuery(id, query, defaults);
  const setup = {
    path: calculator.path,
    inputs: calculator.inputs,
    start: calculator.defaults(defaults),
    initial: parsed.values,
  };
  const sent = query instanceof URLSearchParams ? query.get(ESTIMATE_STATUS_PARAM) : query[ESTIMATE_STATUS_PARAM];
  const estimateStatus = isEstimateStatus(sent) ? sent : null;
  return { parsed, setup, estimateStatus };
}

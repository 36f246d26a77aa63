import 'server-only';
import { getCalculatorDefaults } from './defaults.server';
import { parseCalculatorQuery, type CalculatorDefaults, type CalculatorId, type ParsedQuery, type QueryInput } from './registry';

/**
 * What a calculator page starts from: the visitor's query read with the registry's rules and the
 * defaults (the rates table's first rate, the owner's settings), which the page hands to its client
 * part too, so the browser parses what is typed exactly as the server did.
 */
export async function calculatorPageQuery(
  id: CalculatorId,
  searchParams: Promise<QueryInput>,
): Promise<{ parsed: ParsedQuery; defaults: CalculatorDefaults }> {
  const [query, defaults] = await Promise.all([searchParams, getCalculatorDefaults()]);
  return { parsed: parseCalculatorQuery(id, query, defaults), defaults };
}

import 'server-only';
import { getCalculatorDefaults } from './defaults.server';
import { ESTIMATE_STATUS_PARAM, isEstimateStatus } from './estimate-status';
import { calculatorPageSetup } from './page-setup';
import type { CalculatorId, QueryInput } from './registry';

/**
 * A live calculator page's start (./page-setup.ts) from the visitor's query and the cached
 * defaults, with what became of an 'Email me this estimate' sent from it.
 */
export async function calculatorPageQuery(id: CalculatorId, searchParams: Promise<QueryInput>) {
  const [query, defaults] = await Promise.all([searchParams, getCalculatorDefaults()]);
  const { parsed, setup } = calculatorPageSetup(id, query, defaults);
  const sent = query instanceof URLSearchParams ? query.get(ESTIMATE_STATUS_PARAM) : query[ESTIMATE_STATUS_PARAM];
  const estimateStatus = isEstimateStatus(sent) ? sent : null;
  return { parsed, setup, estimateStatus };
}

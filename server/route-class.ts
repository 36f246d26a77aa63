import { LEAD_ENDPOINT_PREFIX } from '../lib/leads/endpoint';
import { LIVE_SCRIPT_PREFIX } from '../lib/calculators/live/ids';
import { COLLECTOR_PREFIX } from '../lib/vitals/paths';
import { METRICS_PATH } from './metrics-endpoint';

/**
 * A request's class for the request counts of /metrics: a handful of kinds an operator tells apart
 * (a public page, the admin, a lead, a portal upload...), never the path itself, so a visitor's
 * made-up addresses cannot multiply the series.
 */
export function routeClass(url: string | undefined): string {
  const path = (url ?? '/').split('?', 1)[0]!;
  if (path.startsWith('/_next/') || path.startsWith(COLLECTOR_PREFIX) || path.startsWith(LIVE_SCRIPT_PREFIX)) return 'static';
  if (path === METRICS_PATH) return 'metrics';
  if (path.startsWith(LEAD_ENDPOINT_PREFIX)) return 'lead';
  if (path.startsWith('/admin') || path.startsWith('/api/admin/') || path === '/login') return 'admin';
  if (path.startsWith('/portal') || path.startsWith('/api/portal/')) return 'portal';
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/media/')) return 'media';
  return 'page';
}

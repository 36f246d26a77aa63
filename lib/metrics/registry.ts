import { Counter, Registry } from 'prom-client';
import { processSingleton } from '../runtime/process-singleton';

/**
 * The process's Prometheus metrics (issue 33), served at /metrics (server/metrics-endpoint.ts). One
 * registry per process, under processSingleton: Next's server bundle and ours each load this
 * module, and a counter incremented by one copy must be the one the endpoint reads. Each instance
 * reports its own counts (Prometheus sums the instances); what the database knows, such as the
 * outbox's depth, the endpoint reads from the database at each scrape, the same on every instance.
 */

interface Metrics {
  registry: Registry;
  requests: Counter<'class' | 'status'>;
  leads: Counter<'kind' | 'outcome'>;
  deliveryFailures: Counter<'channel'>;
  cacheInvalidations: Counter;
}

export const metrics = () =>
  processSingleton<Metrics>('metrics.registry', () => {
    const registry = new Registry();
    const registers = [registry];
    return {
      registry,
      requests: new Counter({
        name: 'clp_http_requests_total',
        help: 'Requests answered, by route class and status code.',
        labelNames: ['class', 'status'],
        registers,
      }),
      leads: new Counter({
        name: 'clp_lead_submissions_total',
        help: 'Lead form posts to the lead endpoint, by form and outcome (stored, invalid, limited, failed, refused).',
        labelNames: ['kind', 'outcome'],
        registers,
      }),
      deliveryFailures: new Counter({
        name: 'clp_notification_delivery_failures_total',
        help: 'Notification attempts that failed, by channel.',
        labelNames: ['channel'],
        registers,
      }),
      cacheInvalidations: new Counter({
        name: 'clp_cache_invalidations_total',
        help: 'Cache tags expired by this instance (an admin write, a publication).',
        registers,
      }),
    };
  });

export const countRequest = (routeClass: string, status: number) =>
  metrics().requests.inc({ class: routeClass, status: String(status) });
export const countLeadSubmission = (kind: string, outcome: string) => metrics().leads.inc({ kind, outcome });
export const countDeliveryFailure = (channel: string) => metrics().deliveryFailures.inc({ channel });
export const countCacheInvalidations = (tags: number) => metrics().cacheInvalidations.inc(tags);

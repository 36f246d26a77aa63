import { BASE_HEADERS, HSTS_VALUE, servedOverHttps } from '../../lib/http/security-headers';
import type { Step } from './index';

/**
 * The headers every response carries, whoever answered it (Next, the lead endpoint, a refusal):
 * the base security headers, and HSTS when the site is served over https. The Content-Security-
 * Policy is the app's (proxy.ts with a nonce for the admin, next.config.ts's strict static policy
 * for everything else), which ./public-csp.ts replaces on each public page with the page's own.
 */
export function securityHeaders(site: { siteUrl: string; trustProxy: boolean }): Step {
  return {
    name: 'security headers',
    head(exchange) {
      for (const { key, value } of BASE_HEADERS) exchange.headers[key.toLowerCase()] ??= value;
      const proto = exchange.req.headers['x-forwarded-proto'];
      if (servedOverHttps(site.siteUrl, Array.isArray(proto) ? proto[0] : proto, site.trustProxy)) {
        exchange.headers['strict-transport-security'] = HSTS_VALUE;
      }
    },
  };
}

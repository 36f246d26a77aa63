import type { IncomingMessage, ServerResponse } from 'node:http';
import { HSTS_VALUE, servedOverHttps } from '../lib/http/security-headers';
import { cdnCacheControl } from './cdn-cache-control';
import { permanentRedirectsAs301 } from './redirect-status';

/**
 * What the start script changes on every response Next sends: HSTS over https, 301 for permanent
 * page redirects, and a short shared-cache lifetime (see each helper for the reason).
 */
export function adjustResponses(req: IncomingMessage, res: ServerResponse, site: { siteUrl: string; trustProxy: boolean }): void {
  const proto = req.headers['x-forwarded-proto'];
  if (servedOverHttps(site.siteUrl, Array.isArray(proto) ? proto[0] : proto, site.trustProxy)) {
    res.setHeader('Strict-Transport-Security', HSTS_VALUE);
  }
  permanentRedirectsAs301(req, res);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    setHeader(name, name.toLowerCase() === 'cache-control' && typeof value === 'string' ? cdnCacheControl(value) : value);
}

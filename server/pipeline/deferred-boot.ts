import type { BootScript } from '../deferred-boot/boot-script';
import { BOOT_VERSION, deferNextBoot } from '../deferred-boot/transform';
import { isShareable, type Exchange, type Step } from './index';

/**
 * Applies the deferred boot (../deferred-boot/transform.ts, ADR 009) to the pages every visitor
 * shares: shareable HTML; and to the public pages rendered per request that opted in
 * (`bootDeferred`: the calculators' routes; cached since ADR 040, so in practice none). The pipeline hands the page decoded
 * and encodes it again; it then goes out with its real length (the pipeline sets it) and, when
 * shared, an ETag of its own. An opted-in page rendered per request is
 * one visitor's answer: it is marked private and never stored (the micro-cache takes only page-cache
 * HITs). Anything else passes untouched.
 */

/** `"abc"` -> `"abc-b4"`: a rewritten page is another representation than the one Next tagged. */
export const rewrittenEtag = (etag: string) => etag.replace(/"$/, `-${BOOT_VERSION}"`);
/** The reverse, for If-None-Match, so Next's own 304 answers keep working. */
export const nextEtag = (header: string) => header.replaceAll(`-${BOOT_VERSION}"`, '"');

/** Per request, never stored by the browser or any shared cache (what Next sends such pages). */
export const PER_REQUEST_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';

const rendersPerRequest = (exchange: Exchange) => exchange.bootDeferred && !exchange.fromPageCache && exchange.status === 200;

const isHtmlPage = (exchange: Exchange) =>
  (isShareable(exchange) || rendersPerRequest(exchange)) &&
  String(exchange.headers['content-type'] ?? '').startsWith('text/html');

/** The step, with the boot script it puts into pages (../deferred-boot/boot-script.ts). */
export const deferredBoot = (boot: BootScript): Step => ({
  name: 'deferred boot',
  request(req) {
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch) req.headers['if-none-match'] = nextEtag(ifNoneMatch);
  },
  head(exchange) {
    if (rendersPerRequest(exchange)) {
      exchange.headers['cache-control'] = PER_REQUEST_CACHE_CONTROL;
      // Next's tag (if any) names the page before the rewrite; a private answer needs none.
      delete exchange.headers.etag;
      if (exchange.req.method === 'HEAD' && isHtmlPage(exchange)) delete exchange.headers['content-length'];
      return;
    }
    if (!exchange.fromPageCache) return;
    const etag = exchange.headers.etag;
    if (typeof etag === 'string') exchange.headers.etag = rewrittenEtag(etag);
    // A HEAD answer has the GET's ETag; its length is unknown without the body, so it is left out.
    if (exchange.req.method === 'HEAD' && isHtmlPage(exchange)) delete exchange.headers['content-length'];
  },
  holdsBody: isHtmlPage,
  body: (_exchange, body) => {
    try {
      const html = deferNextBoot(body.toString('utf8'), boot);
      return html === null ? body : Buffer.from(html, 'utf8');
    } catch {
      return body; // the page as Next wrote it: it still works, with its scripts at load
    }
  },
});

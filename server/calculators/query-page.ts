import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { bodySlot, pageForQuery } from '../../lib/calculators/body/query-page';
import { CALCULATOR_IDS, CALCULATORS, FALLBACK_DEFAULTS, type CalculatorId } from '../../lib/calculators/registry';
import { PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { handAppUrl } from '../asked-url';
import type { Exchange, Step } from '../pipeline';
import { nextEtag, PER_REQUEST_CACHE_CONTROL } from '../pipeline/deferred-boot';
import type { ForRequest } from '../pipeline/micro-cache';

/**
 * The calculator pages' bodies, written by the server into the page Next rendered and cached once
 * (lib/calculators/body/query-page.ts, ADR 040):
 *
 * - Next renders a calculator page without any query (`withoutQuery`: the URL Next renders is
 *   named in the cached page's payload, and one visitor's figures must never reach another).
 * - The pipeline step fills the page's slot with the defaults: that page is everyone's, and the
 *   micro-cache keeps it. Asked with a query, the step fills it for the query too, leaves
 *   everyone's page in `exchange.shared` (what the micro-cache keeps) and sends the query's.
 * - A fresh copy in the micro-cache answers a query without Next (`forRequestOf`): the slot is
 *   filled again for the query and compressed for this request alone.
 *
 * A page filled for a query is one visitor's answer: private, never stored, without an ETag.
 */

const PAGES = new Map<string, CalculatorId>(CALCULATOR_IDS.map((id) => [CALCULATORS[id].path, id]));
const NO_QUERY = new URLSearchParams();

interface Asked {
  id: CalculatorId;
  path: string;
  /** Empty for the page everyone shares. */
  query: URLSearchParams;
}

const asked = new WeakMap<IncomingMessage, Asked | null>();

/** The calculator page and query a request asks for; null for any other request. */
export function calculatorPageOf(req: IncomingMessage): Asked | null {
  if (asked.has(req)) return asked.get(req)!;
  let found: Asked | null = null;
  const url = req.url ?? '/';
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const id = PAGES.get(path);
  // Next's own requests for a page's payload (client navigation) are not pages.
  if (id && (req.method === 'GET' || req.method === 'HEAD') && req.headers.rsc === undefined) {
    const query = mark < 0 ? NO_QUERY : new URLSearchParams(url.slice(mark + 1));
    if (!query.has('_rsc')) found = { id, path, query };
  }
  asked.set(req, found);
  return found;
}

const withQuery = (req: IncomingMessage) => (calculatorPageOf(req)?.query.size ?? 0) > 0;

/** Before Next sees the request: a calculator page with a query is rendered as the page without one. */
export function withoutQuery(req: IncomingMessage): void {
  const page = calculatorPageOf(req);
  if (page && page.query.size > 0) handAppUrl(req, page.path);
}

/**
 * Part of the ETag of everyone's calculator page: what the server writes into the slot, as this
 * server's code writes it (the body of every calculator for a fixed page and query). Next's ETag
 * names the page around the slot; a release that changes only the body's markup must not be
 * answered with a 304 for a copy that holds the old one.
 */
const BODY_VERSION = (() => {
  const hash = createHash('sha256');
  for (const id of CALCULATOR_IDS) {
    const page = Buffer.from(bodySlot(CALCULATORS[id].defaults(FALLBACK_DEFAULTS)));
    hash.update(pageForQuery(page, id, new URLSearchParams('amount=250000&estimate-sent=ok'))!);
  }
  return `c${hash.digest('hex').slice(0, 8)}`;
})();

/** Next's ETag for a page whose slot this server fills, and the reverse for If-None-Match. */
const filledEtag = (etag: string) => etag.replace(/"$/, `-${BODY_VERSION}"`);
const nextEtagOfFilled = (header: string) => nextEtag(header.replaceAll(`-${BODY_VERSION}"`, '"'));

/** One visitor's answer: kept by no browser cache or CDN, and no ETag (it names everyone's page). */
function asOneVisitors(headers: OutgoingHttpHeaders): void {
  headers['cache-control'] = PER_REQUEST_CACHE_CONTROL;
  delete headers.etag;
}

/** What the micro-cache does with its copy of a calculator page to answer a query; null: replay as is. */
export function forRequestOf(req: IncomingMessage): ForRequest | null {
  const page = calculatorPageOf(req);
  if (!page || page.query.size === 0) return null;
  return { body: (shared) => pageForQuery(shared, page.id, page.query), headers: asOneVisitors };
}

const applies = (exchange: Exchange): boolean =>
  calculatorPageOf(exchange.req) !== null &&
  exchange.status === 200 &&
  exchange.app.headers[PUBLIC_PAGE_HEADER] !== undefined &&
  String(exchange.headers['content-type'] ?? '').startsWith('text/html');

/** The pipeline step, after the Content Security Policy's (the slot never holds a script). */
export function calculatorPageStep(log: { error: (data: object, message: string) => void }): Step {
  return {
    name: 'calculator page',
    request(req) {
      // Conditional requests: Next compares its own tag (the deferred boot's step, before this one,
      // left ours alone); a tag of another release's body never matches.
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch && calculatorPageOf(req)) req.headers['if-none-match'] = nextEtagOfFilled(ifNoneMatch);
      withoutQuery(req);
    },
    head(exchange) {
      if (!calculatorPageOf(exchange.req) || exchange.app.headers[PUBLIC_PAGE_HEADER] === undefined) return;
      const etag = exchange.headers.etag;
      if (typeof etag === 'string' && !withQuery(exchange.req)) exchange.headers.etag = filledEtag(etag);
      // A HEAD answer has no body to fill: its headers are the GET's.
      if (exchange.req.method === 'HEAD' && withQuery(exchange.req) && applies(exchange)) asOneVisitors(exchange.headers);
    },
    holdsBody: applies,
    body(exchange, page) {
      const { id, query } = calculatorPageOf(exchange.req)!;
      const everyones = pageForQuery(page, id, NO_QUERY);
      if (!everyones) {
        log.error({ calculator: id }, 'calculator page without its slot: sent as Next rendered it');
        return page;
      }
      if (query.size === 0) return everyones;
      const etag = exchange.headers.etag;
      exchange.shared = {
        headers: { ...exchange.headers, ...(typeof etag === 'string' ? { etag: filledEtag(etag) } : {}) },
        body: everyones,
      };
      asOneVisitors(exchange.headers);
      return pageForQuery(everyones, id, query)!;
    },
  };
}

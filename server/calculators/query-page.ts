import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { pageForQuery } from '../../lib/calculators/body/query-page';
import { CALCULATOR_IDS, CALCULATORS, type CalculatorId } from '../../lib/calculators/registry';
import { PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { handAppUrl } from '../asked-url';
import type { Exchange, Step } from '../pipeline';
import { PER_REQUEST_CACHE_CONTROL } from '../pipeline/deferred-boot';
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
    request: withoutQuery,
    head(exchange) {
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
      exchange.shared = { headers: { ...exchange.headers }, body: everyones };
      asOneVisitors(exchange.headers);
      return pageForQuery(everyones, id, query)!;
    },
  };
}

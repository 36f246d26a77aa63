import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { onlyAttributionCookie } from '../../lib/attribution/visit';
import { QUERY_ROUTED_PAGES } from '../../lib/site/query-routed-pages';
import {
  CODECS,
  PER_REQUEST_CODECS,
  declareCoding,
  isShareable,
  preferredCoding,
  varyOnEncoding,
  type Codecs,
  type Exchange,
  type PageCoding,
  type Step,
} from './index';

/**
 * A micro-cache of anonymous public page views, in front of Next in this process. Next already
 * serves these pages from its own cache, but it still spends several milliseconds assembling each
 * response; replaying the finished bytes for a second at a time serves them at static-file speed.
 * Admin writes purge it at once, on every instance (lib/cache/expire.server.ts,
 * server/cache-sync.ts), and a page whose making began before a purge is not kept. It stores only shareable pages Next served from its cache (a HIT), as the pipeline
 * finished them, so a replay is exactly what the first visitor got.
 *
 * One entry serves every client, whatever it accepts: it keeps the bytes first sent, in their coding,
 * and makes the page in another coding (Brotli, gzip or none, `preferredCoding`) from them the first
 * time a replay needs it, once per entry. A replay only writes stored bytes: at most one
 * compression per coding, page and second, however many visitors.
 */

export const TTL_MS = 1000;
/** While one request refreshes an expired entry, others may get the old copy this long. */
const STALE_GRACE_MS = 10_000;
const MAX_ENTRIES = 500;

/** Requests Next answers differently (client navigations, prefetches, actions) are never cached. */
const VARYING_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
];
const UNCACHED_PREFIXES = ['/admin', '/login', '/api/', '/_next/'];
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface Entry {
  status: number;
  /** As sent, without hop-by-hop headers and Content-Encoding (a replay names the coding it sends). */
  headers: OutgoingHttpHeaders;
  /** The page by coding: first the one it was sent in, then each made from it once a replay needed it. */
  bodies: Map<string, Buffer>;
  storedAt: number;
  refreshing: boolean;
}

/**
 * The key of a request the cache may answer (its path), or null. Only pages Next served
 * from its page cache are kept, and those read no query parameter (a page that reads one is
 * rendered per request), so the query is left out of the key: made-up query strings neither
 * split an entry nor push others out. The exception is a URL whose query makes it another page
 * (QUERY_ROUTED_PAGES), which the cache leaves to Next.
 */
export function cacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  // Only a GET is kept; known before parsing the URL (every lead posted asks this too).
  if (req.method !== 'GET') return null;
  const raw = req.url ?? '/';
  // '//host' and backslashes would parse as another host: such URLs are Next's to answer (a 301 or 404).
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  const url = new URL(raw, 'http://cache.invalid');
  // The attribution cookie alone changes nothing on a page: such a visitor is still anonymous.
  const cookie = req.headers.cookie;
  if ((cookie && !onlyAttributionCookie(cookie)) || url.searchParams.has('_rsc')) return null;
  if (VARYING_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  // A body, even on a GET, goes through the body limits (server/body-gate.ts), never around them.
  if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0') return null;
  const path = url.pathname;
  if (UNCACHED_PREFIXES.some((prefix) => path.startsWith(prefix))) return null;
  if (QUERY_ROUTED_PAGES.some((page) => page.path === path && page.params.some((name) => url.searchParams.has(name))))
    return null;
  return path;
}

/**
 * How a cached page becomes one request's page (a calculator's answer to a query,
 * ../calculators/query-page.ts): its decoded body rewritten (null: it cannot be, and the request
 * goes on to Next), and its headers changed in place. The result is compressed for that request
 * alone, at the per-request quality (PER_REQUEST_CODECS), and never stored.
 */
export interface ForRequest {
  body(page: Buffer): Buffer | null;
  headers(headers: OutgoingHttpHeaders): void;
}

const codingOf = (exchange: Exchange) => String(exchange.headers['content-encoding'] ?? 'identity').toLowerCase();

export class MicroCache {
  private entries = new Map<string, Entry>();
  /** Counts purges. A page is kept only if none happened while it was being made (ADR 014). */
  private generation = 0;
  private startedIn = new WeakMap<IncomingMessage, number>();

  /** `codecs`: how a replay makes the page in another coding (tests count the compressions). */
  constructor(
    private now: () => number = Date.now,
    private codecs: Codecs = CODECS,
    private perRequestCodecs: Codecs = PER_REQUEST_CODECS,
  ) {}

  purge(): void {
    this.entries.clear();
    this.generation++;
  }

  /**
   * Answers the request from the cache when it holds a fresh copy (true). Otherwise returns false,
   * and an expired entry is marked as being refreshed, so concurrent requests get the old copy
   * meanwhile instead of all reaching Next. `personal` gives the headers this visitor's copy adds
   * (the attribution cookie, server/pipeline/attribution-cookie.ts): entries never hold one.
   */
  answer(
    req: IncomingMessage,
    res: ServerResponse,
    personal: (req: IncomingMessage) => OutgoingHttpHeaders | null = () => null,
    forRequest: ForRequest | null = null,
  ): boolean {
    const key = cacheKey(req);
    if (key) this.startedIn.set(req, this.generation);
    const entry = key ? this.entries.get(key) : undefined;
    if (!entry) return false;
    const age = this.now() - entry.storedAt;
    if (age < TTL_MS || (entry.refreshing && age < STALE_GRACE_MS)) {
      const coding = preferredCoding(req.headers['accept-encoding']);
      const page = forRequest
        ? this.madeFor(entry, forRequest, coding)
        : { headers: { ...entry.headers }, body: this.bodyIn(entry, coding) };
      if (!page?.body) return false;
      const { headers, body } = page;
      declareCoding(headers, coding);
      res.writeHead(entry.status, { ...headers, ...personal(req), 'content-length': body.length });
      res.end(body);
      return true;
    }
    entry.refreshing = true;
    return false;
  }

  /** The entry made into this request's page by `forRequest`, in `coding`; null when it cannot be. */
  private madeFor(
    entry: Entry,
    forRequest: ForRequest,
    coding: PageCoding,
  ): { headers: OutgoingHttpHeaders; body: Buffer } | null {
    const page = this.bodyIn(entry, 'identity');
    const made = page && forRequest.body(page);
    if (!made) return null;
    const headers = { ...entry.headers };
    forRequest.headers(headers);
    return { headers, body: this.perRequestCodecs[coding].encode(made) };
  }

  /** The pipeline step that keeps what the pipeline sent for the requests the cache may answer. */
  readonly step: Step = {
    name: 'micro-cache',
    keepsCopy: (exchange) => this.storable(exchange),
    finished: (exchange, sent) => {
      const key = cacheKey(exchange.req);
      const previous = key ? this.entries.get(key) : undefined;
      if (previous) previous.refreshing = false;
      if (!key || !sent || !this.storable(exchange)) return;
      // A page made for one request is kept as it is for everyone, decoded.
      const [coding, body] = exchange.shared ? ['identity', exchange.shared.body] : [codingOf(exchange), sent];
      const kept = Object.fromEntries(
        Object.entries(exchange.shared?.headers ?? exchange.headers).filter(
          ([name]) => !HOP_HEADERS.has(name) && name !== 'content-encoding',
        ),
      );
      kept.vary = varyOnEncoding(kept.vary);
      const bodies = new Map([[coding, body]]);
      this.entries.delete(key);
      this.entries.set(key, { status: exchange.status, headers: kept, bodies, storedAt: this.now(), refreshing: false });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    },
  };

  private storable(exchange: Exchange): boolean {
    return (
      cacheKey(exchange.req) !== null &&
      // A page begun before an admin write may show what the write replaced.
      this.startedIn.get(exchange.req) === this.generation &&
      isShareable(exchange) &&
      // One visitor's cookie is never replayed to another.
      (exchange.shared?.headers ?? exchange.headers)['set-cookie'] === undefined &&
      exchange.app.headers['x-nextjs-cache'] === 'HIT' &&
      // A coding the cache can decode, to make the others from it.
      (exchange.shared !== undefined || this.codecs[codingOf(exchange)] !== undefined)
    );
  }

  /** The entry's page in `coding`: stored bytes, made from the first ones sent if no replay needed it yet. */
  private bodyIn(entry: Entry, coding: PageCoding): Buffer | null {
    const made = entry.bodies.get(coding);
    if (made) return made;
    const [sentCoding, sent] = entry.bodies.entries().next().value!;
    try {
      const body = this.codecs[coding].encode(this.codecs[sentCoding]!.decode(sent));
      entry.bodies.set(coding, body);
      return body;
    } catch {
      return null; // bytes that do not decode as their coding says: Next answers instead
    }
  }
}

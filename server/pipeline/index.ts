import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, constants, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { DEFERRED_BOOT_HEADER, PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';

/**
 * The one place the server changes what the app answers. The response is wrapped once, here, and
 * ordered steps (the other modules of this folder) run over it:
 *
 * 0. `request`: before the app sees the request, a step may adjust it (never answer it).
 * 1. `head`: once the status and headers are final, each step may change them, in order.
 * 2. `holdsBody` / `body`: a step that must read or rewrite the whole body (the deferred boot and
 *    the Content Security Policy of public pages) asks to hold it; the body is then collected,
 *    decoded once (Next gzips pages), passed through the `body` of each step that asked to
 *    hold it, in order, encoded in the coding this client prefers (`preferredCoding`: Brotli where
 *    accepted, which Next never sends) and sent with its real length. A `body` step may also change
 *    the headers (the policy that names the page's inline scripts). Everything else streams through
 *    untouched, in Next's coding.
 * 3. `finished`: once the response is complete, each step sees what was sent (the micro-cache
 *    stores it); a step that wants the bytes says so with `keepsCopy`.
 *
 * Steps never read each other's output: they see the app's own head through the `Exchange`, whose
 * `fromPageCache` is the app's explicit contract (lib/http/public-page.ts), not a header value
 * another step wrote; likewise `bootDeferred`, a public page rendered per request that opted into the
 * deferred boot (lib/http/public-page.ts). The contract headers themselves never leave the server.
 */

export interface Exchange {
  readonly req: IncomingMessage;
  status: number;
  /** The response headers (lower-case names); steps change them in place. */
  headers: OutgoingHttpHeaders;
  /** What the app sent, before any step: its status and headers. */
  readonly app: { readonly status: number; readonly headers: Readonly<OutgoingHttpHeaders> };
  /** A public page (marked by the app) that Next served from its page cache: the same for everyone. */
  readonly fromPageCache: boolean;
  /** A public page the app opted into the deferred boot (DEFERRED_BOOT_HEADER), cached or not. */
  readonly bootDeferred: boolean;
  /**
   * The page as it is for everyone, set by a step that made this response one visitor's (a
   * calculator's answer to a query, ../calculators/query-page.ts): its headers and decoded body
   * before that step. The micro-cache keeps this rather than what was sent.
   */
  shared?: { headers: OutgoingHttpHeaders; body: Buffer };
}

export interface Step {
  readonly name: string;
  /** Before the app sees the request: may adjust it (never answer it). */
  request?(req: IncomingMessage): void;
  head?(exchange: Exchange): void;
  holdsBody?(exchange: Exchange): boolean;
  /** The held body, decoded (no content-encoding); returns it, or a rewritten one. */
  body?(exchange: Exchange, body: Buffer): Buffer;
  keepsCopy?(exchange: Exchange): boolean;
  finished?(exchange: Exchange, body: Buffer | null): void;
}

/** A shareable page: from the page cache and a success (a cached 404 is still a 404). */
export const isShareable = (exchange: Exchange): boolean => exchange.fromPageCache && exchange.status === 200;

/** Decodes and encodes one content coding. Injectable, so tests can count the compressions. */
export interface Codec {
  decode(body: Buffer): Buffer;
  encode(body: Buffer): Buffer;
}
/** The codings the server decodes, by Content-Encoding name; it encodes pages in the three named. */
export interface Codecs {
  readonly br: Codec;
  readonly gzip: Codec;
  readonly identity: Codec;
  readonly [coding: string]: Codec | undefined;
}

/**
 * Brotli's quality for pages. Measured on the home page (161 KB of HTML, docs/performance.md,
 * "Compression"): 5 makes 23 KB in about 2 ms, the time gzip's default level takes for 30 KB; 11
 * (zlib's default) saves 3 KB more but takes 160 ms of a core, blocking every other request.
 */
export const BROTLI_QUALITY = 5;

const brotli = (quality: number): Codec => ({
  decode: brotliDecompressSync,
  encode: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
});

export const CODECS: Codecs = {
  identity: { decode: (body) => body, encode: (body) => body },
  gzip: { decode: gunzipSync, encode: (body) => gzipSync(body) },
  deflate: { decode: inflateSync, encode: (body) => deflateSync(body) },
  br: brotli(BROTLI_QUALITY),
};

/**
 * Brotli's quality for a page made for one request from a cached one (a calculator's answer to a
 * query): compressed once per request, not once per page and second, so it must cost a fraction of
 * a millisecond. On a calculator page (109 KB of HTML) quality 2 makes 22.7 KB in 0.64 ms, against
 * 19.2 KB in 1.8 ms at 5 (docs/performance.md, "Compression"); gzip's fastest level is no faster
 * and sends 26.7 KB.
 */
export const PER_REQUEST_BROTLI_QUALITY = 2;

export const PER_REQUEST_CODECS: Codecs = {
  ...CODECS,
  br: brotli(PER_REQUEST_BROTLI_QUALITY),
  gzip: { ...CODECS.gzip, encode: (body) => gzipSync(body, { level: 1 }) },
};

/** The codings the server sends held pages in. */
export type PageCoding = 'br' | 'gzip' | 'identity';

/**
 * The coding a page goes out in for a request's Accept-Encoding: the accepted one of Brotli and gzip
 * with the higher weight (Brotli on a tie: browsers send "gzip, deflate, br, zstd"), else none.
 * A coding given `q=0`, or covered only by a `*;q=0`, is refused.
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): PageCoding {
  const weights = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** `Vary` naming Accept-Encoding, as every response whose coding depends on it must. */
export function varyOnEncoding(vary: OutgoingHttpHeader | undefined): string {
  const value = Array.isArray(vary) ? vary.join(', ') : String(vary ?? '');
  const names = value.split(',').map((name) => name.trim().toLowerCase());
  if (names.includes('*') || names.includes('accept-encoding')) return value;
  return value.trim() ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}

/** Sets the headers of a page sent in `coding`: its Content-Encoding (none for identity) and Vary. */
export function declareCoding(headers: OutgoingHttpHeaders, coding: PageCoding): void {
  if (coding === 'identity') delete headers['content-encoding'];
  else headers['content-encoding'] = coding;
  headers.vary = varyOnEncoding(headers.vary);
}

/**
 * The body after every `body` step, in the coding this client prefers. A body that cannot be
 * decoded (an unknown coding, broken bytes) goes out as it came, untouched by any step; one no
 * step changed that is already in that coding goes out as Next sent it.
 */
function rewriteBody(exchange: Exchange, sent: Buffer, holders: readonly Step[], codecs: Codecs): Buffer {
  const sentCoding = String(exchange.headers['content-encoding'] ?? 'identity').toLowerCase();
  const codec = codecs[sentCoding];
  let plain: Buffer;
  try {
    if (!codec) return sent;
    plain = codec.decode(sent);
  } catch {
    return sent;
  }
  let body = plain;
  for (const step of holders) if (step.body) body = step.body(exchange, body);
  const coding = preferredCoding(exchange.req.headers['accept-encoding']);
  declareCoding(exchange.headers, coding);
  return body === plain && coding === sentCoding ? sent : codecs[coding].encode(body);
}

/**
 * A HEAD answer names the coding its GET would go out in (Next compresses no HEAD answer), and
 * gives no length unless that is the length Next stated: the other coding's is unknown without the body.
 */
function announceCoding(exchange: Exchange): void {
  const coding = preferredCoding(exchange.req.headers['accept-encoding']);
  if (coding !== (exchange.headers['content-encoding'] ?? 'identity')) delete exchange.headers['content-length'];
  declareCoding(exchange.headers, coding);
}

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;
type End = (...args: unknown[]) => ServerResponse;
type WriteHead = (status: number, ...rest: unknown[]) => ServerResponse;

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return null;
}

/** writeHead's optional headers: an object, or a flat [name, value, ...] list. */
function headersArgument(rest: unknown[]): [string, OutgoingHttpHeader][] {
  const given = rest.find((arg) => typeof arg === 'object' && arg !== null);
  if (!given) return [];
  if (!Array.isArray(given)) return Object.entries(given as OutgoingHttpHeaders).filter(([, v]) => v !== undefined) as never;
  const pairs: [string, OutgoingHttpHeader][] = [];
  for (let i = 0; i + 1 < given.length; i += 2) pairs.push([String(given[i]), given[i + 1] as OutgoingHttpHeader]);
  return pairs;
}

/**
 * Runs `steps` over everything written to `res` from now on. Call once per request, before the app
 * writes anything; answers written straight to the socket by the server itself (a micro-cache hit)
 * simply do not call it. `codecs` decode and encode held bodies (tests count the compressions).
 */
export function runPipeline(req: IncomingMessage, res: ServerResponse, steps: readonly Step[], codecs: Codecs = CODECS): void {
  for (const step of steps) step.request?.(req);
  const writeHead = res.writeHead.bind(res) as WriteHead;
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;

  let exchange: Exchange | null = null;
  /** The steps that asked to hold this body: only their `body` runs over it. */
  let holders: Step[] = [];
  let hold = false;
  let copy = false;
  const chunks: Buffer[] = [];

  /** Settles the head the first time anything is about to be sent. */
  function settle(status: number, rest: unknown[]): Exchange {
    if (exchange) return exchange;
    for (const [name, value] of headersArgument(rest)) res.setHeader(name, value);
    const app = { status, headers: { ...res.getHeaders() } };
    const headers = { ...app.headers };
    const publicPage = headers[PUBLIC_PAGE_HEADER] !== undefined;
    const fromPageCache = publicPage && headers['x-nextjs-cache'] !== undefined;
    const bootDeferred = publicPage && headers[DEFERRED_BOOT_HEADER] !== undefined;
    delete headers[PUBLIC_PAGE_HEADER];
    delete headers[DEFERRED_BOOT_HEADER];
    const settled: Exchange = { req, status, headers, app, fromPageCache, bootDeferred };
    exchange = settled;
    for (const step of steps) step.head?.(settled);
    const wouldHold = steps.filter((step) => step.holdsBody?.(settled));
    if (req.method === 'HEAD' && wouldHold.length > 0) announceCoding(settled);
    for (const name of Object.keys(app.headers)) if (!(name in settled.headers)) res.removeHeader(name);
    for (const [name, value] of Object.entries(settled.headers)) if (value !== undefined) res.setHeader(name, value);
    res.statusCode = settled.status;
    holders = req.method === 'HEAD' ? [] : wouldHold;
    hold = holders.length > 0;
    copy = hold || steps.some((step) => step.keepsCopy?.(settled));
    return settled;
  }

  function finish(settled: Exchange): void {
    const body = copy ? Buffer.concat(chunks) : null;
    for (const step of steps) step.finished?.(settled, body);
  }

  // Node calls writeHead itself right before the first bytes when the app did not (implicit head).
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (exchange) return hold ? res : writeHead(exchange.status);
    const settled = settle(status, rest);
    return hold ? res : writeHead(settled.status);
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!exchange) res.writeHead(res.statusCode);
    if (!hold) {
      if (copy) {
        const bytes = toBuffer(chunk, rest[0]);
        if (bytes) chunks.push(bytes);
      }
      return write(chunk, ...rest);
    }
    const bytes = toBuffer(chunk, rest[0]);
    if (bytes) chunks.push(bytes);
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  }) as ServerResponse['write'];

  res.end = ((...args: unknown[]) => {
    if (!exchange) res.writeHead(res.statusCode);
    const settled = exchange!;
    const [chunk, ...rest] = args;
    const bytes = typeof chunk === 'function' ? null : toBuffer(chunk, rest[0]);
    if (!hold) {
      if (copy && bytes) chunks.push(bytes);
      res.once('finish', () => finish(settled));
      return end(...args);
    }
    if (bytes) chunks.push(bytes);
    const before = Object.keys(settled.headers);
    const body = rewriteBody(settled, Buffer.concat(chunks), holders, codecs);
    for (const name of before) if (!(name in settled.headers)) res.removeHeader(name);
    for (const [name, value] of Object.entries(settled.headers)) if (value !== undefined) res.setHeader(name, value);
    chunks.splice(0, chunks.length, body);
    res.setHeader('content-length', body.length);
    writeHead(settled.status);
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    res.once('finish', () => finish(settled));
    return end(body, callback);
  }) as ServerResponse['end'];
}

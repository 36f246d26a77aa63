import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { CDN_CACHE_CONTROL } from './cdn-cache-control';

/**
 * A micro-cache of anonymous public page views, in front of Next in this process. Next already
 * serves these pages from its own cache, but it still spends several milliseconds assembling each
 * response; replaying the finished bytes for a second at a time serves them at static-file speed.
 * Admin writes purge it at once (lib/cache/expire.server.ts); across instances a copy lives at
 * most TTL_MS. Only pages Next itself served from its cache as shareable are stored.
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
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  refreshing: boolean;
}

export function cacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  const url = req.url ?? '/';
  if (req.method !== 'GET' || req.headers.cookie || url.includes('_rsc=')) return null;
  if (VARYING_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
  if (UNCACHED_PREFIXES.some((prefix) => url.startsWith(prefix))) return null;
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  return `${gzip ? 'gzip' : 'identity'} ${url}`;
}

export class ResponseCache {
  private entries = new Map<string, Entry>();

  constructor(private now: () => number = Date.now) {}

  purge(): void {
    this.entries.clear();
  }

  /** Answers from the cache when it can; otherwise lets `next` answer and keeps what it sends. */
  handle(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const key = cacheKey(req);
    if (!key) return next();
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && (age < TTL_MS || (entry.refreshing && age < STALE_GRACE_MS))) {
      res.writeHead(entry.status, { ...entry.headers, 'content-length': entry.body.length });
      res.end(entry.body);
      return;
    }
    if (entry) entry.refreshing = true;
    this.record(res, (body) => {
      if (entry) entry.refreshing = false;
      const headers = res.getHeaders();
      if (res.statusCode !== 200 || headers['cache-control'] !== CDN_CACHE_CONTROL || headers['x-nextjs-cache'] !== 'HIT') return;
      const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
      this.entries.delete(key);
      this.entries.set(key, { status: 200, headers: kept, body, storedAt: this.now(), refreshing: false });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    });
    next();
  }

  /** Collects the bytes written to `res` (after Next's compression) and reports them at the end. */
  private record(res: ServerResponse, done: (body: Buffer) => void): void {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === 'string')
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') keep(chunk, rest[0]);
      done(Buffer.concat(chunks));
      return end(chunk, ...rest);
    }) as ServerResponse['end'];
  }
}

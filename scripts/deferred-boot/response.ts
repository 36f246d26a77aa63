import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { CDN_CACHE_CONTROL } from '../cdn-cache-control';
import { BOOT_VERSION, deferNextBoot } from './transform';

/**
 * Applies ./transform.ts to the public pages Next sends: 200 HTML that every visitor shares (the
 * CDN Cache-Control of ADR 001). Everything else passes untouched. The page is held until Next has
 * written all of it (these pages come from Next's cache whole), decoded if Next compressed it,
 * rewritten, encoded again and sent with its real length and an ETag of its own.
 */

const CODECS: Record<string, { decode: (body: Buffer) => Buffer; encode: (body: Buffer) => Buffer }> = {
  identity: { decode: (body) => body, encode: (body) => body },
  gzip: { decode: gunzipSync, encode: (body) => gzipSync(body) },
  deflate: { decode: inflateSync, encode: (body) => deflateSync(body) },
  br: { decode: brotliDecompressSync, encode: (body) => brotliCompressSync(body) },
};

/** `"abc"` -> `"abc-b1"`: a rewritten page is another representation than the one Next tagged. */
export const rewrittenEtag = (etag: string) => etag.replace(/"$/, `-${BOOT_VERSION}"`);
/** The reverse, for If-None-Match, so Next's own 304 answers keep working. */
export const nextEtag = (header: string) => header.replaceAll(`-${BOOT_VERSION}"`, '"');

function qualifies(res: ServerResponse): boolean {
  const type = String(res.getHeader('content-type') ?? '');
  return res.statusCode === 200 && type.startsWith('text/html') && res.getHeader('cache-control') === CDN_CACHE_CONTROL;
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | null {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return null;
}

export function deferBootOfPublicPages(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return;
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch) req.headers['if-none-match'] = nextEtag(ifNoneMatch);

  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let mode: 'undecided' | 'pass' | 'hold' = 'undecided';
  const chunks: Buffer[] = [];

  // The patched methods stay in place even when passing through: Next's compression may have
  // wrapped them in turn, and putting the originals back would bypass it.
  // Called by Next directly, or by Node (and Next's compression) right before the first bytes.
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (mode !== 'undecided') return mode === 'pass' ? writeHead(status, ...rest) : res;
    res.statusCode = status;
    const headers = rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null);
    for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value);
    const etag = res.getHeader('etag');
    if (typeof etag === 'string' && res.getHeader('cache-control') === CDN_CACHE_CONTROL)
      res.setHeader('etag', rewrittenEtag(etag));
    if (!qualifies(res) || req.method === 'HEAD') {
      // A HEAD answer has the GET's ETag; its length is unknown without the body, so it is left out.
      if (req.method === 'HEAD' && qualifies(res)) res.removeHeader('content-length');
      mode = 'pass';
      return writeHead(status);
    }
    mode = 'hold';
    return res;
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (mode === 'undecided') res.writeHead(res.statusCode);
    if (mode === 'pass') return write(chunk, ...rest);
    const bytes = toBuffer(chunk, rest[0]);
    if (bytes) chunks.push(bytes);
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (callback) process.nextTick(callback);
    return true;
  }) as ServerResponse['write'];

  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (mode === 'undecided') res.writeHead(res.statusCode);
    if (mode === 'pass') return end(chunk, ...rest);
    const bytes = typeof chunk === 'function' ? null : toBuffer(chunk, rest[0]);
    if (bytes) chunks.push(bytes);
    const callback = [chunk, ...rest].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    const body = rewrite(res, Buffer.concat(chunks));
    res.setHeader('content-length', body.length);
    writeHead(res.statusCode);
    return end(body, callback);
  }) as ServerResponse['end'];
}

/** The rewritten page in the encoding Next chose; the page as it was when it cannot be read. */
function rewrite(res: ServerResponse, body: Buffer): Buffer {
  const encoding = String(res.getHeader('content-encoding') ?? 'identity').toLowerCase();
  const codec = CODECS[encoding];
  if (!codec) return body;
  try {
    const html = deferNextBoot(codec.decode(body).toString('utf8'));
    return html === null ? body : codec.encode(Buffer.from(html, 'utf8'));
  } catch {
    return body;
  }
}

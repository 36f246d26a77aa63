import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A browser script the server serves itself (the Web Vitals collector, the calculators' live
 * scripts): a file server/build.mjs bundled, read once at start-up, named by its content hash and
 * served with a one-year immutable cache, compressed ahead of time. A new build gets a new name,
 * so a browser never runs an old copy with a new page, and never asks twice for the same one.
 */

export interface ScriptAsset {
  /** `<prefix><hash>.js` */
  path: string;
  serve(req: IncomingMessage, res: ServerResponse): void;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The script in `file` under `prefix`, or null when the build has none. */
export function loadScriptAsset(file: string, prefix: string): ScriptAsset | null {
  let source: Buffer;
  try {
    source = readFileSync(file);
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const path = `${prefix}${hash}.js`;
  const etag = `"${hash}"`;
  const encodings: [string, Buffer][] = [
    ['br', brotliCompressSync(source)],
    ['gzip', gzipSync(source, { level: 9 })],
  ];

  function serve(req: IncomingMessage, res: ServerResponse): void {
    const url = (req.url ?? '').split('?', 1)[0];
    if (url !== path) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
      return;
    }
    const headers: Record<string, string | number> = {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': IMMUTABLE,
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] = encodings.find(([name]) => new RegExp(`\\b${name}\\b`).test(accepted)) ?? ['identity', source];
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
  }

  return { path, serve };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CDN_CACHE_CONTROL } from '../cdn-cache-control';
import { deferBootOfPublicPages } from './response';

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/a.css"/>' +
  '<script src="/_next/static/chunks/one.js" async=""></script></head><body><h1>Rates</h1></body></html>';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP server standing in for Next behind the start script's layer. */
async function serve(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  server = createServer((req, res) => {
    deferBootOfPublicPages(req, res);
    answer(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  // node:http rather than fetch: fetch would undo the gzip the test wants to see.
  return (headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
}

function publicPage(res: ServerResponse, cacheControl = CDN_CACHE_CONTROL) {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', cacheControl);
  res.setHeader('etag', '"abc"');
}

describe('deferBootOfPublicPages', () => {
  it('rewrites a shared public page and sends its real length and an ETag of its own', async () => {
    const get = await serve((_req, res) => {
      publicPage(res);
      res.setHeader('content-length', Buffer.byteLength(PAGE));
      res.end(PAGE);
    });
    const { status, headers, body } = await get();
    expect(status).toBe(200);
    expect(body.toString()).not.toContain('<script src=');
    expect(body.toString()).toContain('"src":"/_next/static/chunks/one.js"');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(headers.etag).toBe('"abc-b1"');
  });

  it('decodes a page Next compressed, written in pieces, and compresses it again', async () => {
    const get = await serve((_req, res) => {
      publicPage(res);
      res.setHeader('content-encoding', 'gzip');
      const gzipped = gzipSync(PAGE);
      res.write(gzipped.subarray(0, 20));
      res.end(gzipped.subarray(20));
    });
    const { headers, body } = await get({ 'accept-encoding': 'gzip' });
    expect(headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(body).toString();
    expect(html).toContain('<h1>Rates</h1>');
    expect(html).not.toContain('<script src=');
  });

  it('leaves personal pages and anything that is not HTML exactly as Next sent them', async () => {
    for (const [type, cacheControl] of [
      ['text/html; charset=utf-8', 'private, no-cache, no-store, max-age=0, must-revalidate'],
      ['application/json', CDN_CACHE_CONTROL],
    ] as const) {
      const get = await serve((_req, res) => {
        publicPage(res, cacheControl);
        res.setHeader('content-type', type);
        res.end(PAGE);
      });
      const { headers, body } = await get();
      expect(body.toString()).toBe(PAGE);
      expect(headers.etag).toBe(cacheControl === CDN_CACHE_CONTROL ? '"abc-b1"' : '"abc"');
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it('answers HEAD with the ETag of the rewritten page and no length of the page Next wrote', async () => {
    const get = await serve((_req, res) => {
      publicPage(res);
      res.setHeader('content-length', Buffer.byteLength(PAGE));
      res.end();
    });
    const head = await new Promise<IncomingMessage>((resolve, reject) => {
      const { port } = server!.address() as { port: number };
      request({ port, host: '127.0.0.1', path: '/', method: 'HEAD' }, resolve).on('error', reject).end();
    });
    head.resume();
    expect(head.headers.etag).toBe('"abc-b1"');
    expect(head.headers['content-length']).toBeUndefined();
    expect((await get()).headers.etag).toBe('"abc-b1"');
  });

  it("hands Next's own ETag to its 304 check when the browser revalidates", async () => {
    const get = await serve((req, res) => {
      publicPage(res);
      if (req.headers['if-none-match'] === '"abc"') {
        res.statusCode = 304;
        return res.end();
      }
      res.end(PAGE);
    });
    const { etag } = (await get()).headers;
    const again = await get({ 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
  });
});

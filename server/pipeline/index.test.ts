import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFERRED_BOOT_HEADER, PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { bundledBootScript } from '../../tests/support/boot-script';
import { listen, serversOfEachTest } from '../../tests/support/http-server';
import { HSTS_VALUE } from '../../lib/http/security-headers';
import { BOOT_VERSION } from '../deferred-boot/transform';
import { preferredCoding, runPipeline, varyOnEncoding, type Step } from './index';
import { CDN_CACHE_CONTROL, sharedCacheLifetime } from './cdn-cache-control';
import { deferredBoot, PER_REQUEST_CACHE_CONTROL } from './deferred-boot';
import { redirectStatus } from './redirect-status';
import { securityHeaders } from './security-headers';

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/a.css"/>' +
  '<script src="/_next/static/chunks/one.js" async=""></script></head><body><h1>Rates</h1></body></html>';
const NEXT_CACHED = 's-maxage=86400, stale-while-revalidate=518400';

const { boot } = await bundledBootScript();
const servers = serversOfEachTest();
afterEach(servers.closeAll);
const close = servers.closeAll;

type App = (req: IncomingMessage, res: ServerResponse) => void;
interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A real HTTP server whose "app" stands in for Next, behind the pipeline. */
async function serve(app: App, steps: Step[] = defaultSteps()) {
  const { port } = servers.track(
    await listen((req, res) => {
      runPipeline(req, res, steps);
      app(req, res);
    }),
  );
  // node:http rather than fetch: fetch would undo the gzip the tests want to see.
  return (options: { method?: string; headers?: Record<string, string> } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: '/', method: options.method ?? 'GET', headers: options.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
}

const defaultSteps = (siteUrl = 'http://localhost:3000') => [
  securityHeaders({ siteUrl, trustProxy: false }),
  redirectStatus,
  sharedCacheLifetime,
  deferredBoot(boot),
];

/** A page as Next serves it from its page cache, on a route the app marked public. */
function cachedPublicPage(res: ServerResponse, options: { marked?: boolean; nextCache?: string | null } = {}) {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', NEXT_CACHED);
  res.setHeader('etag', '"abc"');
  if (options.nextCache !== null) res.setHeader('x-nextjs-cache', options.nextCache ?? 'HIT');
  if (options.marked !== false) res.setHeader(PUBLIC_PAGE_HEADER, '1');
}

describe('the response pipeline', () => {
  it('rewrites a shared public page and sends its real length, an ETag of its own and the shared-cache lifetime', async () => {
    const get = await serve((_req, res) => {
      cachedPublicPage(res);
      res.setHeader('content-length', Buffer.byteLength(PAGE));
      res.end(PAGE);
    });
    const { status, headers, body } = await get();
    expect(status).toBe(200);
    expect(body.toString()).not.toContain('<script src=');
    expect(body.toString()).toContain('"src":"/_next/static/chunks/one.js"');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(headers.etag).toBe(`"abc-${BOOT_VERSION}"`);
    expect(headers['cache-control']).toBe(CDN_CACHE_CONTROL);
    expect(headers['x-content-type-options']).toBe('nosniff');
    // The app's contract with the pipeline never leaves the server.
    expect(headers[PUBLIC_PAGE_HEADER]).toBeUndefined();
  });

  it('decodes a page Next compressed, written in pieces, and compresses it again', async () => {
    const get = await serve((_req, res) => {
      cachedPublicPage(res);
      res.setHeader('content-encoding', 'gzip');
      const gzipped = gzipSync(PAGE);
      res.write(gzipped.subarray(0, 20));
      res.end(gzipped.subarray(20));
    });
    const { headers, body } = await get({ headers: { 'accept-encoding': 'gzip' } });
    expect(headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(body).toString();
    expect(html).toContain('<h1>Rates</h1>');
    expect(html).not.toContain('<script src=');
  });

  it('sends a rewritten page in Brotli where the client takes it, gzip where it takes only gzip, else as is', async () => {
    // Like Next: gzip for a client that takes it, never Brotli, and Vary either way.
    const get = await serve((req, res) => {
      cachedPublicPage(res);
      res.setHeader('vary', 'rsc, Accept-Encoding');
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding']));
      if (gzip) res.setHeader('content-encoding', 'gzip');
      res.end(gzip ? gzipSync(PAGE) : PAGE);
    });
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body: Buffer) => body };
    for (const [accept, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', 'identity'],
    ] as const) {
      const { headers, body } = await get({ headers: { 'accept-encoding': accept } });
      expect(headers['content-encoding'] ?? 'identity', accept).toBe(coding);
      const html = decoders[coding](body).toString();
      expect(html).toContain('"src":"/_next/static/chunks/one.js"');
      expect(html).not.toContain('<script src=');
      expect(Number(headers['content-length'])).toBe(body.length);
      expect(headers.vary).toBe('rsc, Accept-Encoding');
      expect(headers.etag).toBe(`"abc-${BOOT_VERSION}"`);
    }
  });

  it('sends a page rendered per request in Brotli too', async () => {
    const get = await serve((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader(PUBLIC_PAGE_HEADER, '1');
      res.setHeader(DEFERRED_BOOT_HEADER, '1');
      res.end(PAGE);
    });
    const { headers, body } = await get({ headers: { 'accept-encoding': 'gzip, br' } });
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(body).toString()).toContain('"src":"/_next/static/chunks/one.js"');
  });

  it('leaves the coding of a response no step holds to the app', async () => {
    const get = await serve((_req, res) => {
      cachedPublicPage(res, { marked: false }); // an admin page: streamed, in Next's gzip
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(PAGE));
    });
    const { headers, body } = await get({ headers: { 'accept-encoding': 'gzip, br' } });
    expect(headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(body).toString()).toBe(PAGE);
  });

  it('leaves pages the app did not mark public, pages rendered per request and failures as the app sent them', async () => {
    const cases: { name: string; app: App }[] = [
      { name: 'not marked (an admin page)', app: (_req, res) => cachedPublicPage(res, { marked: false }) },
      { name: 'rendered per request', app: (_req, res) => cachedPublicPage(res, { nextCache: null }) },
      {
        name: 'a cached 404',
        app: (_req, res) => {
          cachedPublicPage(res);
          res.statusCode = 404;
        },
      },
      {
        name: 'not HTML',
        app: (_req, res) => {
          cachedPublicPage(res);
          res.setHeader('content-type', 'application/rss+xml');
        },
      },
    ];
    for (const { name, app } of cases) {
      const get = await serve((req, res) => {
        app(req, res);
        res.end(PAGE);
      });
      expect((await get()).body.toString(), name).toBe(PAGE);
      await close();
    }
  });

  it('rewrites a page rendered per request that opted into the deferred boot, and keeps it private', async () => {
    const get = await serve((_req, res) => {
      // What Next sends for a page that reads its query: no page-cache header, private.
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
      res.setHeader('x-nextjs-postponed', '1');
      res.setHeader(PUBLIC_PAGE_HEADER, '1');
      res.setHeader(DEFERRED_BOOT_HEADER, '1');
      res.write(PAGE.slice(0, 90));
      res.end(PAGE.slice(90));
    });
    const { headers, body } = await get();
    expect(body.toString()).not.toContain('<script src=');
    expect(body.toString()).toContain('"src":"/_next/static/chunks/one.js"');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(headers['cache-control']).toBe(PER_REQUEST_CACHE_CONTROL);
    expect(headers.etag).toBeUndefined();
    expect(headers[DEFERRED_BOOT_HEADER]).toBeUndefined();
  });

  it('leaves an opted-in page that is not public, or not a success, as the app sent it', async () => {
    for (const app of [
      (_req: IncomingMessage, res: ServerResponse) => {
        res.setHeader('content-type', 'text/html');
        res.setHeader(DEFERRED_BOOT_HEADER, '1');
      },
      (_req: IncomingMessage, res: ServerResponse) => {
        res.setHeader('content-type', 'text/html');
        res.setHeader(PUBLIC_PAGE_HEADER, '1');
        res.setHeader(DEFERRED_BOOT_HEADER, '1');
        res.statusCode = 500;
      },
    ]) {
      const get = await serve((req, res) => {
        app(req, res);
        res.end(PAGE);
      });
      const { body, headers } = await get();
      expect(body.toString()).toBe(PAGE);
      expect(headers[DEFERRED_BOOT_HEADER]).toBeUndefined();
      await close();
    }
  });

  it('answers HEAD with the ETag of the rewritten page and no length of the page Next wrote', async () => {
    const get = await serve((_req, res) => {
      cachedPublicPage(res);
      res.setHeader('content-length', Buffer.byteLength(PAGE));
      res.end();
    });
    const head = await get({ method: 'HEAD' });
    expect(head.headers.etag).toBe(`"abc-${BOOT_VERSION}"`);
    expect(head.headers['content-length']).toBeUndefined();
    // The coding its GET would be sent in.
    const browser = await get({ method: 'HEAD', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toBe('Accept-Encoding');
    expect(browser.headers['content-length']).toBeUndefined();
  });

  it("hands Next's own ETag to its 304 check when the browser revalidates", async () => {
    const get = await serve((req, res) => {
      cachedPublicPage(res);
      if (req.headers['if-none-match'] === '"abc"') {
        res.statusCode = 304;
        return res.end();
      }
      res.end(PAGE);
    });
    const { etag } = (await get()).headers;
    const again = await get({ headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    // One ETag whatever the coding: a browser's Brotli copy revalidates the same way.
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    expect((await get({ headers: browser })).headers.etag).toBe(etag);
    const revalidated = await get({ headers: { ...browser, 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
  });

  it('sends permanent redirects of page requests as 301 and keeps 308 for other methods', async () => {
    const get = await serve((_req, res) => {
      res.statusCode = 308;
      res.setHeader('location', '/new');
      res.end();
    });
    expect((await get()).status).toBe(301);
    expect((await get()).headers.location).toBe('/new');
    expect((await get({ method: 'POST' })).status).toBe(308);
  });

  it('adds HSTS only when the site is served over https, on every response', async () => {
    const app: App = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    const overHttp = await serve(app);
    expect((await overHttp()).headers['strict-transport-security']).toBeUndefined();
    await close();
    const overHttps = await serve(app, defaultSteps('https://loans.example.com'));
    expect((await overHttps()).headers['strict-transport-security']).toBe(HSTS_VALUE);
  });

  it('runs the steps in order and shows each the head the app sent', async () => {
    const seen: string[] = [];
    const step = (name: string, value: string): Step => ({
      name,
      head(exchange) {
        seen.push(`${name}: app said ${String(exchange.app.headers['x-value'])}, now ${String(exchange.headers['x-value'])}`);
        exchange.headers['x-value'] = value;
      },
      holdsBody: () => name === 'second',
      body: (_exchange, body) => Buffer.from(`${body.toString()}+${name}`),
      keepsCopy: () => true,
      finished: (_exchange, body) => seen.push(`${name} finished with ${String(body)}`),
    });
    const get = await serve(
      (_req, res) => {
        res.setHeader('x-value', 'app');
        res.write('body');
        res.end();
      },
      [step('first', '1'), step('second', '2')],
    );
    const answer = await get();
    expect(answer.headers['x-value']).toBe('2');
    // Only a step that asked to hold the body rewrites it.
    expect(answer.body.toString()).toBe('body+second');
    expect(seen).toEqual([
      'first: app said app, now app',
      'second: app said app, now 1',
      'first finished with body+second',
      'second finished with body+second',
    ]);
  });
});

describe('preferredCoding', () => {
  it('prefers Brotli, then gzip, by weight, and honours a refusal', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('br')).toBe('br');
    expect(preferredCoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('BR, GZIP')).toBe('br');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('gzip, *;q=0')).toBe('gzip');
    expect(preferredCoding('deflate, zstd')).toBe('identity');
    expect(preferredCoding('identity')).toBe('identity');
    expect(preferredCoding('')).toBe('identity');
    expect(preferredCoding(undefined)).toBe('identity');
  });

  it('adds Accept-Encoding to Vary once', () => {
    expect(varyOnEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyOnEncoding('rsc')).toBe('rsc, Accept-Encoding');
    expect(varyOnEncoding('rsc, accept-encoding')).toBe('rsc, accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
  });
});

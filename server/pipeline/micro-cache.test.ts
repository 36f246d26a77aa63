import { request, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFERRED_BOOT_HEADER, PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { listen, serversOfEachTest } from '../../tests/support/http-server';
import { CODECS, runPipeline, type Codecs, type Step } from './index';
import { cacheKey, MicroCache, TTL_MS } from './micro-cache';

const servers = serversOfEachTest();
afterEach(servers.closeAll);

interface AppAnswer {
  status?: number;
  marked?: boolean;
  /** null: rendered per request (Next sends no x-nextjs-cache). */
  nextCache?: string | null;
  encoding?: string;
  /** Opted into the deferred boot (the calculators: DEFERRED_BOOT_ROUTES). */
  deferredBoot?: boolean;
}

/** A real HTTP server whose "Next" answers with a counter, behind the cache as the server uses it. */
async function serve(cache: MicroCache, answer: AppAnswer = {}) {
  let renders = 0;
  const app = (res: ServerResponse) => {
    renders++;
    res.statusCode = answer.status ?? 200;
    if (answer.marked !== false) res.setHeader(PUBLIC_PAGE_HEADER, '1');
    if (answer.nextCache !== null) res.setHeader('x-nextjs-cache', answer.nextCache ?? 'HIT');
    if (answer.deferredBoot) res.setHeader(DEFERRED_BOOT_HEADER, '1');
    res.setHeader('content-type', 'text/html');
    if (answer.encoding) res.setHeader('content-encoding', answer.encoding);
    res.write('<p>render ');
    res.end(`${renders}</p>`);
  };
  const { url } = servers.track(
    await listen((req, res) => {
      if (cache.answer(req, res)) return;
      runPipeline(req, res, [cache.step]);
      app(res);
    }),
  );
  const get = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}/`, { headers: { 'accept-encoding': 'identity', ...headers } });
    return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
  };
  return { get, renders: () => renders };
}

describe('MicroCache', () => {
  it('replays a shareable page with its headers until the TTL passes', async () => {
    let now = 0;
    const cache = new MicroCache(() => now);
    const { get, renders } = await serve(cache);
    expect((await get()).body).toBe('<p>render 1</p>');
    expect(await get()).toEqual({ status: 200, body: '<p>render 1</p>', type: 'text/html' });
    expect(renders()).toBe(1);
    now += TTL_MS;
    expect((await get()).body).toBe('<p>render 2</p>');
  });

  it("never keeps a page rendered per request, even one opted into the deferred boot (a calculator's answer)", async () => {
    const cache = new MicroCache(() => 0);
    const { get, renders } = await serve(cache, { nextCache: null, deferredBoot: true });
    await get();
    expect((await get()).body).toBe('<p>render 2</p>');
    expect(renders()).toBe(2);
  });

  it('is purged at once by an admin write', async () => {
    const cache = new MicroCache(() => 0);
    const { get } = await serve(cache);
    await get();
    cache.purge();
    expect((await get()).body).toBe('<p>render 2</p>');
  });

  it('does not keep a page whose making began before a purge', async () => {
    const cache = new MicroCache(() => 0);
    let finish = () => {};
    let renders = 0;
    const { url } = servers.track(
      await listen((req, res) => {
        if (cache.answer(req, res)) return;
        runPipeline(req, res, [cache.step]);
        renders++;
        res.setHeader(PUBLIC_PAGE_HEADER, '1');
        res.setHeader('x-nextjs-cache', 'HIT');
        res.setHeader('content-type', 'text/html');
        const body = `<p>render ${renders}</p>`;
        if (renders === 1) finish = () => res.end(body);
        else res.end(body);
      }),
    );
    const get = () => fetch(`${url}/`, { headers: { 'accept-encoding': 'identity' } }).then((r) => r.text());
    const slow = get();
    await expect.poll(() => renders).toBe(1);
    cache.purge(); // an admin write while the first page is being made
    finish();
    expect(await slow).toBe('<p>render 1</p>');
    expect(await get()).toBe('<p>render 2</p>');
    expect(await get()).toBe('<p>render 2</p>');
    expect(renders).toBe(2);
  });

  it('never stores unmarked, uncached, failed or differently encoded responses', async () => {
    const answers: AppAnswer[] = [{ marked: false }, { status: 404 }, { nextCache: 'MISS' }, { encoding: 'x-compress' }];
    for (const answer of answers) {
      const { get, renders } = await serve(new MicroCache(() => 0), answer);
      await get();
      await get();
      expect(renders(), JSON.stringify(answer)).toBe(2);
      await servers.closeAll();
    }
  });

  it('keys a page on its path: query parameters no cached page reads neither split nor flush it', async () => {
    const cache = new MicroCache(() => 0);
    const renders: string[] = [];
    const { url } = servers.track(
      await listen((req, res) => {
        if (cache.answer(req, res)) return;
        runPipeline(req, res, [cache.step]);
        renders.push(req.url!);
        res.setHeader(PUBLIC_PAGE_HEADER, '1');
        res.setHeader('x-nextjs-cache', 'HIT');
        res.setHeader('content-type', 'text/html');
        res.end(`<p>${new URL(req.url!, 'http://x').pathname}</p>`);
      }),
    );
    const get = (path: string) => fetch(url + path, { headers: { 'accept-encoding': 'identity' } }).then((r) => r.text());
    expect(await get('/rates')).toBe('<p>/rates</p>');
    // An attacker's flood of made-up query strings: one entry, not one per string.
    for (let x = 1; x <= 600; x++) await get(`/?x=${x}`);
    expect(await get('/rates')).toBe('<p>/rates</p>');
    expect(await get('/./rates?utm_source=news')).toBe('<p>/rates</p>');
    expect(renders).toEqual(['/rates', '/?x=1']);
  });

  it('leaves signed-in, navigation and admin requests to Next', () => {
    const req = (url: string, headers: Record<string, string> = {}, method = 'GET') => ({ url, headers, method });
    expect(cacheKey(req('/rates'))).toBe('/rates');
    // One entry for every coding: a replay makes the one it needs from it.
    expect(cacheKey(req('/rates', { 'accept-encoding': 'gzip, br' }))).toBe('/rates');
    expect(cacheKey(req('/rates', { cookie: 'clp_owner=1' }))).toBeNull();
    expect(cacheKey(req('/rates', { rsc: '1' }))).toBeNull();
    expect(cacheKey(req('/rates?_rsc=abc'))).toBeNull();
    expect(cacheKey(req('/admin'))).toBeNull();
    expect(cacheKey(req('/api/health'))).toBeNull();
    expect(cacheKey(req('/contact', {}, 'POST'))).toBeNull();
  });

  it('never answers a URL whose query makes it another page (a prefilled or resumed application)', () => {
    const req = (url: string) => ({ url, headers: {}, method: 'GET' });
    expect(cacheKey(req('/apply'))).toBe('/apply');
    expect(cacheKey(req('/apply?utm_source=x'))).toBe('/apply');
    expect(cacheKey(req('/apply?resume=abc'))).toBeNull();
    expect(cacheKey(req('/apply?loanType=construction'))).toBeNull();
    expect(cacheKey(req('/?resume=abc'))).toBe('/');
    expect(cacheKey(req('//evil.example/'))).toBeNull();
    expect(cacheKey(req('/\\evil.example/'))).toBeNull();
  });

  describe('content codings', () => {
    const BROWSER = 'gzip, deflate, br, zstd';
    const page = (render: number) => `<main>${'<p class="rate">6.25%</p>'.repeat(400)}<p>render ${render}</p></main>`;

    /** Codecs that count the compressions they make, standing in for the real ones. */
    function countingCodecs() {
      const made = { br: 0, gzip: 0 };
      const counted = (coding: 'br' | 'gzip') => ({
        decode: CODECS[coding].decode,
        encode: (body: Buffer) => (made[coding]++, CODECS[coding].encode(body)),
      });
      const codecs: Codecs = { ...CODECS, br: counted('br'), gzip: counted('gzip') };
      return { codecs, made };
    }

    /** Holds every body, as the deferred boot and the page's policy hold public pages. */
    const holdsPage: Step = { name: 'holds the page', holdsBody: () => true, body: (_exchange, body) => body };

    /** "Next": gzips for a client that takes gzip (and never Brotli), behind the cache and the pipeline. */
    async function serveCompressed(cache: MicroCache, codecs: Codecs) {
      let renders = 0;
      const { port } = servers.track(
        await listen((req, res) => {
          if (cache.answer(req, res)) return;
          runPipeline(req, res, [holdsPage, cache.step], codecs);
          const html = Buffer.from(page(++renders));
          res.setHeader(PUBLIC_PAGE_HEADER, '1');
          res.setHeader('x-nextjs-cache', 'HIT');
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.setHeader('vary', 'rsc, Accept-Encoding');
          const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding']));
          if (gzip) res.setHeader('content-encoding', 'gzip');
          res.end(gzip ? gzipSync(html) : html);
        }),
      );
      // node:http rather than fetch, which would undo the coding the tests look at.
      const get = (acceptEncoding?: string) =>
        new Promise<{ headers: IncomingHttpHeaders; body: Buffer; html: string }>((resolve, reject) => {
          const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
          request({ port, host: '127.0.0.1', path: '/rates', headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              const coding = res.headers['content-encoding'];
              const html = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
              resolve({ headers: res.headers, body, html: html.toString() });
            });
          })
            .on('error', reject)
            .end();
        });
      return { get, renders: () => renders };
    }

    it('sends one render in Brotli to a browser, gzip to a gzip-only client and as is to the rest, each saying it varies', async () => {
      const { codecs } = countingCodecs();
      const { get, renders } = await serveCompressed(new MicroCache(() => 0, codecs), codecs);
      for (const [accept, coding] of [
        [BROWSER, 'br'],
        [BROWSER, 'br'], // the replay
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', undefined],
        [undefined, undefined],
      ] as const) {
        const { headers, body, html } = await get(accept);
        expect(headers['content-encoding'], String(accept)).toBe(coding);
        expect(html, String(accept)).toBe(page(1));
        expect(Number(headers['content-length'])).toBe(body.length);
        expect(headers.vary).toBe('rsc, Accept-Encoding');
      }
      expect(renders()).toBe(1);
    });

    it('compresses a page once per coding: a replay writes the stored bytes', async () => {
      let now = 0;
      const { codecs, made } = countingCodecs();
      const { get } = await serveCompressed(new MicroCache(() => now, codecs), codecs);
      const first = await get(BROWSER); // rendered; the pipeline makes the Brotli once
      expect(made).toEqual({ br: 1, gzip: 0 });
      for (let i = 0; i < 5; i++) expect((await get(BROWSER)).body.equals(first.body)).toBe(true);
      for (let i = 0; i < 3; i++) await get('gzip'); // made from the stored Brotli once, then replayed
      for (let i = 0; i < 3; i++) await get('identity'); // decoded, never compressed
      expect(made).toEqual({ br: 1, gzip: 1 });
      now += TTL_MS;
      expect((await get(BROWSER)).html).toBe(page(2));
      expect(made).toEqual({ br: 2, gzip: 1 });
    });

    it('names Accept-Encoding in the Vary of a replay even when the page as sent did not', async () => {
      const cache = new MicroCache(() => 0);
      const { get } = await serve(cache);
      await get();
      const { url } = servers.track(await listen((req, res) => void cache.answer(req, res)));
      const replay = await fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } });
      expect(replay.headers.get('content-encoding')).toBe('br');
      expect(replay.headers.get('vary')).toBe('Accept-Encoding');
      expect(await replay.text()).toBe('<p>render 1</p>');
    });
  });
});

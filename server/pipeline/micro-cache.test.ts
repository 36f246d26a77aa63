import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFERRED_BOOT_HEADER, PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { listen, serversOfEachTest } from '../../tests/support/http-server';
import { runPipeline } from './index';
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
    expect(cacheKey(req('/rates'))).toBe('identity /rates');
    expect(cacheKey(req('/rates', { 'accept-encoding': 'gzip, br' }))).toBe('gzip /rates');
    expect(cacheKey(req('/rates', { cookie: 'clp_owner=1' }))).toBeNull();
    expect(cacheKey(req('/rates', { rsc: '1' }))).toBeNull();
    expect(cacheKey(req('/rates?_rsc=abc'))).toBeNull();
    expect(cacheKey(req('/admin'))).toBeNull();
    expect(cacheKey(req('/api/health'))).toBeNull();
    expect(cacheKey(req('/contact', {}, 'POST'))).toBeNull();
  });

  it('never answers a URL whose query makes it another page (a prefilled or resumed application)', () => {
    const req = (url: string) => ({ url, headers: {}, method: 'GET' });
    expect(cacheKey(req('/apply'))).toBe('identity /apply');
    expect(cacheKey(req('/apply?utm_source=x'))).toBe('identity /apply');
    expect(cacheKey(req('/apply?resume=abc'))).toBeNull();
    expect(cacheKey(req('/apply?loanType=construction'))).toBeNull();
    expect(cacheKey(req('/?resume=abc'))).toBe('identity /');
    expect(cacheKey(req('//evil.example/'))).toBeNull();
    expect(cacheKey(req('/\\evil.example/'))).toBeNull();
  });
});

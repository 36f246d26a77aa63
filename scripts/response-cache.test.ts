import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CDN_CACHE_CONTROL } from './cdn-cache-control';
import { cacheKey, ResponseCache, TTL_MS } from './response-cache';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A real HTTP server whose "Next" answers with a counter, behind the cache. */
async function serve(cache: ResponseCache, answer: { status?: number; cacheControl?: string; nextCache?: string } = {}) {
  let renders = 0;
  server = createServer((req, res) =>
    cache.handle(req, res, () => {
      renders++;
      res.statusCode = answer.status ?? 200;
      res.setHeader('cache-control', answer.cacheControl ?? CDN_CACHE_CONTROL);
      res.setHeader('x-nextjs-cache', answer.nextCache ?? 'HIT');
      res.setHeader('content-type', 'text/html');
      res.write('<p>render ');
      res.end(`${renders}</p>`);
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const get = async (path = '/', headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
    return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
  };
  return { get, renders: () => renders };
}

describe('ResponseCache', () => {
  it('replays a cached public page with its headers until the TTL passes', async () => {
    let now = 0;
    const cache = new ResponseCache(() => now);
    const { get, renders } = await serve(cache);
    expect((await get()).body).toBe('<p>render 1</p>');
    const replay = await get();
    expect(replay).toEqual({ status: 200, body: '<p>render 1</p>', type: 'text/html' });
    expect(renders()).toBe(1);
    now += TTL_MS;
    expect((await get()).body).toBe('<p>render 2</p>');
  });

  it('is purged at once by an admin write', async () => {
    const cache = new ResponseCache(() => 0);
    const { get } = await serve(cache);
    await get();
    cache.purge();
    expect((await get()).body).toBe('<p>render 2</p>');
  });

  it('never stores private, uncached or failed responses', async () => {
    for (const answer of [{ cacheControl: 'private, no-store' }, { status: 404 }, { nextCache: 'MISS' }]) {
      const { get, renders } = await serve(new ResponseCache(() => 0), answer);
      await get();
      await get();
      expect(renders()).toBe(2);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
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
});

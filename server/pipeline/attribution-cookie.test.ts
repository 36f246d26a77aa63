import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ATTRIBUTION_COOKIE, attributionOfCookies } from '../../lib/attribution/visit';
import { PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { listen, serversOfEachTest } from '../../tests/support/http-server';
import { runPipeline } from './index';
import { sharedCacheLifetime } from './cdn-cache-control';
import { attributionCookie, PERSONAL_CACHE_CONTROL } from './attribution-cookie';
import { MicroCache } from './micro-cache';

const servers = serversOfEachTest();
afterEach(servers.closeAll);

/** The server's order: shared lifetime, the cookie, the micro-cache; "Next" answers a cached public page. */
async function serve() {
  let renders = 0;
  const cache = new MicroCache(() => 0);
  const attribution = attributionCookie({ siteUrl: 'https://www.example.com' }, () => new Date('2026-11-20T10:00:00Z'));
  const app = (res: ServerResponse) => {
    renders++;
    res.setHeader(PUBLIC_PAGE_HEADER, '1');
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('cache-control', 's-maxage=31536000');
    res.setHeader('content-type', 'text/html');
    res.end(`<p>render ${renders}</p>`);
  };
  const { url } = servers.track(
    await listen((req, res) => {
      if (cache.answer(req, res, attribution.headersFor)) return;
      runPipeline(req, res, [sharedCacheLifetime, attribution.step, cache.step]);
      app(res);
    }),
  );
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
    const setCookie = response.headers.getSetCookie()[0] ?? null;
    const cookie = setCookie?.split(';')[0] ?? null;
    return {
      body: await response.text(),
      cacheControl: response.headers.get('cache-control'),
      setCookie,
      cookie,
      attribution: cookie ? attributionOfCookies(cookie) : null,
    };
  };
  return { get, renders: () => renders };
}

describe('the attribution cookie', () => {
  it('records the first touch of a tagged landing, privately, and the micro-cache never keeps it', async () => {
    const { get, renders } = await serve();
    const landing = await get('/?utm_source=news&utm_medium=email&utm_campaign=fall');
    expect(landing.attribution).toEqual({
      first: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'fall', landing: '/', at: '2026-11-20T10:00:00.000Z' },
      last: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'fall', landing: '/', at: '2026-11-20T10:00:00.000Z' },
    });
    expect(landing.setCookie).toMatch(/; Path=\/; Max-Age=7776000; HttpOnly; SameSite=Lax; Secure$/);
    expect(landing.cacheControl).toBe(PERSONAL_CACHE_CONTROL);
    // Not kept: the next visitor of that address gets a render and a cookie of their own.
    const again = await get('/?utm_source=news&utm_medium=email&utm_campaign=fall');
    expect(again.body).toBe('<p>render 2</p>');
    expect(again.setCookie).not.toBeNull();
    expect(renders()).toBe(2);
  });

  it('sets nothing on a visit that tells nothing, so that page stays shared', async () => {
    const { get } = await serve();
    const typedIn = await get('/rates');
    expect(typedIn.setCookie).toBeNull();
    expect(typedIn.cacheControl).toMatch(/^public/);
    const internal = await get('/rates', { referer: 'https://example.com/blog' });
    expect(internal.setCookie).toBeNull();
    expect(internal.body).toBe('<p>render 1</p>'); // replayed
  });

  it("adds this visitor's own cookie to a replayed page", async () => {
    const { get, renders } = await serve();
    await get('/');
    const fromSearch = await get('/', { referer: 'https://www.google.com/search?q=construction+loan' });
    expect(renders()).toBe(1);
    expect(fromSearch.body).toBe('<p>render 1</p>');
    expect(fromSearch.cacheControl).toBe(PERSONAL_CACHE_CONTROL);
    expect(fromSearch.attribution?.first).toEqual({ referrer: 'www.google.com', landing: '/', at: '2026-11-20T10:00:00.000Z' });
  });

  it('keeps the first touch and replaces the last on a later visit from another site', async () => {
    const { get } = await serve();
    const { cookie } = await get('/?utm_source=news&gclid=abc');
    const later = await get('/blog/post', { cookie: cookie!, referer: 'https://partner.org/list' });
    expect(later.attribution?.first).toMatchObject({ utm_source: 'news', gclid: 'abc', landing: '/' });
    expect(later.attribution?.last).toEqual({ referrer: 'partner.org', landing: '/blog/post', at: '2026-11-20T10:00:00.000Z' });
    // A returning visitor with only this cookie is still anonymous: the micro-cache serves them.
    await get('/rates');
    const returning = await get('/rates', { cookie: cookie! });
    expect(returning.body).toBe('<p>render 3</p>');
    expect(returning.setCookie).toBeNull();
    expect((await get('/rates', { cookie: `${cookie!}; other=1` })).body).toBe('<p>render 4</p>');
  });

  it('ignores client navigations and a broken cookie', async () => {
    const { get } = await serve();
    expect((await get('/?utm_source=x', { rsc: '1' })).setCookie).toBeNull();
    const broken = await get('/?utm_source=x', { cookie: `${ATTRIBUTION_COOKIE}=!!!` });
    expect(broken.attribution?.first?.utm_source).toBe('x');
  });
});

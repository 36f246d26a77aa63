import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bodySlot } from '../../lib/calculators/body/query-page';
import { CALCULATORS, FALLBACK_DEFAULTS } from '../../lib/calculators/registry';
import { PUBLIC_PAGE_HEADER } from '../../lib/http/public-page';
import { listen, serversOfEachTest } from '../../tests/support/http-server';
import { runPipeline, type Codecs } from '../pipeline';
import { attributionCookie } from '../pipeline/attribution-cookie';
import { CODECS, PER_REQUEST_CODECS } from '../pipeline';
import { MicroCache, TTL_MS } from '../pipeline/micro-cache';
import { calculatorPageStep, forRequestOf } from './query-page';

const servers = serversOfEachTest();
afterEach(servers.closeAll);

const PATH = CALCULATORS['construction-to-permanent'].path;
const START = CALCULATORS['construction-to-permanent'].defaults(FALLBACK_DEFAULTS);
/** The page as Next renders it: a frame around the empty slot, from its page cache. */
const NEXT_PAGE = `<!DOCTYPE html><html><body><h1>Payment</h1>${bodySlot(START)}<footer>the frame</footer></body></html>`;

const counting = (codecs: Codecs) => {
  const counts = { encodes: 0 };
  const counted: Codecs = { ...codecs, br: { ...codecs.br, encode: (body) => (counts.encodes++, codecs.br.encode(body)) } };
  return { counted, counts };
};

/** Our server's path for a calculator page: the micro-cache first, then the pipeline and "Next". */
async function serve({ slot = true }: { slot?: boolean } = {}) {
  const seen: string[] = [];
  const errors: object[] = [];
  const perRequest = counting(PER_REQUEST_CODECS);
  const clock = { now: 0 };
  const cache = new MicroCache(() => clock.now, CODECS, perRequest.counted);
  const attribution = attributionCookie({ siteUrl: 'https://example.com' });
  const steps = [attribution.step, calculatorPageStep({ error: (data) => errors.push(data) }), cache.step];
  const app = (req: IncomingMessage, res: ServerResponse) => {
    seen.push(req.url!);
    res.statusCode = req.headers['if-none-match'] === '"page"' ? 304 : 200;
    res.setHeader(PUBLIC_PAGE_HEADER, '1');
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('etag', '"page"');
    res.setHeader('cache-control', 's-maxage=30');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (res.statusCode === 304) res.end();
    else res.end(req.url !== PATH ? '<p>another page</p>' : slot ? NEXT_PAGE : '<p>no slot</p>');
  };
  const { url } = servers.track(
    await listen((req, res) => {
      if (cache.answer(req, res, attribution.headersFor, forRequestOf(req))) return;
      runPipeline(req, res, steps);
      app(req, res);
    }),
  );
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'br', ...headers } });
    // fetch decodes the Brotli the server sends.
    return { status: response.status, body: await response.text(), headers: response.headers };
  };
  return { get, seen, errors, clock, perRequest: perRequest.counts };
}

const payment = (html: string) => /data-testid="payment">([^<]*)</.exec(html)?.[1];
const amountField = (html: string) => /id="calc-amount"[^>]* value="([^"]*)"/.exec(html)?.[1];

describe('a calculator page answered from the page Next rendered once', () => {
  it('fills the slot with the defaults for everyone, and with the figures of a query for one visitor', async () => {
    const { get, seen } = await serve();
    const everyone = await get(PATH);
    expect(payment(everyone.body)).toBe('$2,594.39');
    expect(everyone.body).toContain('<footer>the frame</footer>');
    expect(everyone.headers.get('etag')).toMatch(/^"page-c[0-9a-f]{8}"$/);
    expect(everyone.headers.get('cache-control')).toBe('s-maxage=30');

    const mine = await get(`${PATH}?amount=500000&rate=7&years=30`);
    expect(payment(mine.body)).toBe('$3,326.51');
    expect(amountField(mine.body)).toBe('500000');
    expect(mine.headers.get('etag')).toBeNull();
    expect(mine.headers.get('cache-control')).toMatch(/^private, no-cache, no-store/);
    // Everyone's page was Next's to render once; the query never reached it.
    expect(seen).toEqual([PATH]);
  });

  it('renders a query through Next without the query, and keeps everyone’s page, not the visitor’s', async () => {
    const { get, seen, perRequest } = await serve();
    const mine = await get(`${PATH}?amount=250000&estimate-sent=ok`);
    expect(seen).toEqual([PATH]);
    expect(amountField(mine.body)).toBe('250000');
    expect(mine.body).toContain('Your estimate is on its way.');
    // The next visitor without a query gets the defaults from the cache; one with a query, theirs.
    const everyone = await get(PATH);
    expect(amountField(everyone.body)).toBe('400000');
    expect(everyone.body).not.toContain('Your estimate is on its way.');
    expect(everyone.headers.get('etag')).toMatch(/^"page-c[0-9a-f]{8}"$/);
    expect(payment((await get(`${PATH}?amount=500000&rate=7`)).body)).toBe('$3,326.51');
    expect(seen).toEqual([PATH]);
    expect(perRequest.encodes).toBe(1);
  });

  it('answers a copy of everyone’s page with a 304 only while the body is what this server writes', async () => {
    const { get, seen, clock } = await serve();
    // Seen by Next: the first view, the revalidation (304) and the first unmatched tag (the last is a replay).
    const etag = (await get(PATH)).headers.get('etag')!;
    // Past the micro-cache's second, as a browser revalidating its copy later is.
    clock.now += TTL_MS;
    const again = await get(PATH, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    // A copy filled by another release's code (its own tag), or Next's bare tag: the page whole.
    expect((await get(PATH, { 'if-none-match': '"page-c00000000"' })).status).toBe(200);
    expect((await get(PATH, { 'if-none-match': '"page"' })).status).toBe(200);
    expect(seen).toEqual([PATH, PATH, PATH]);
  });

  it('escapes whatever a query holds and shows the server’s message for a bad value', async () => {
    const { get } = await serve();
    const { body } = await get(`${PATH}?amount=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(body).toContain('Enter an amount in dollars, e.g. 400000.');
    expect(body).toContain('aria-invalid="true"');
  });

  it('keeps the attribution of a landing whose query Next never saw', async () => {
    const { get, seen } = await serve();
    const landing = await get(`${PATH}?amount=300000&utm_source=newsletter`);
    expect(seen).toEqual([PATH]);
    expect(landing.headers.get('set-cookie')).toContain('clp_src=');
    expect(amountField(landing.body)).toBe('300000');
  });

  it('leaves other pages alone, and says so when a calculator page has no slot', async () => {
    const { get, errors } = await serve();
    expect((await get('/rates?amount=1')).body).toBe('<p>another page</p>');
    expect(errors).toEqual([]);
    const broken = await serve({ slot: false });
    expect((await broken.get(`${PATH}?amount=1`)).body).toBe('<p>no slot</p>');
    expect(broken.errors).toEqual([{ calculator: 'construction-to-permanent' }]);
  });
});

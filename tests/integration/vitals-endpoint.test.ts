import { request } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { recordReport } from '../../lib/vitals/record.server';
import { MAX_REPORTS } from '../../lib/vitals/store.server';
import { stampClientAddress } from '../../server/client-address';
import { SenderLimit } from '../../lib/vitals/sender-limit.server';
import { answerVitalsPost, REPORT_BODY_LIMIT, VITALS_REFUSALS } from '../../server/vitals/endpoint';
import { listen } from '../support/http-server';
import { tempSqlite } from '../support/temp-db';

/**
 * The Web Vitals endpoint over real HTTP, on a real SQLite file: a well-formed report from the
 * site's own page is stored and answered 204; everything else gets a 4xx with its reason, and
 * nothing is stored. (The browser test sends real beacons through the whole server.)
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const SITE = { siteUrl: 'https://www.example.com', trustProxy: true };

async function setup(perMinute = 60) {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  const options = {
    site: SITE,
    limit: new SenderLimit(async () => handle.db, perMinute),
    record: (report: Parameters<typeof recordReport>[0]) =>
      recordReport(report, { db: handle.db, now: new Date(), log: { error: vi.fn() } }),
  };
  const server = await listen((req, res) => {
    stampClientAddress(req, SITE.trustProxy);
    void answerVitalsPost(req, res, options);
  });
  cleanups.push(server.close);
  const stored = () => handle.db.selectFrom('web_vitals').selectAll().execute();
  return { url: server.url, stored };
}

let views = 0;
const report = (overrides: Record<string, unknown> = {}) => ({
  id: (++views).toString(16).padStart(32, 'f'),
  path: '/rates',
  device: 'desktop',
  connection: '4g',
  metrics: { LCP: 1312.4, FCP: 801, TTFB: 95.2, CLS: 0.01 },
  ...overrides,
});

/** Posts as navigator.sendBeacon does from the site's page: a text/plain string, Origin and Sec-Fetch-Site. */
async function beacon(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/vitals`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: SITE.siteUrl, 'Sec-Fetch-Site': 'same-origin', ...headers },
  });
  return { status: response.status, text: await response.text(), cookie: response.headers.get('set-cookie') };
}

describe('the Web Vitals endpoint', () => {
  it('stores a well-formed report from the site’s page and answers 204, setting no cookie', async () => {
    const { url, stored } = await setup();
    const sent = report();
    expect(await beacon(url, sent, { Cookie: 'clp_owner=1' })).toEqual({ status: 204, text: '', cookie: null });
    const rows = await stored();
    expect(rows.map((row) => [row.metric, row.value]).sort()).toEqual([
      ['CLS', 0.01],
      ['FCP', 801],
      ['LCP', 1312.4],
      ['TTFB', 95.2],
    ]);
    // Nothing identifies the sender: no address, no user agent, no time of day.
    expect(Object.keys(rows[0]!).sort()).toEqual([
      'connection',
      'day',
      'device',
      'metric',
      'path',
      'reports',
      'value',
      'view_id',
    ]);
  });

  it.each([
    ['another site', { Origin: 'https://evil.example' }],
    ['no Origin', { Origin: '' }],
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
    ['a same-site page on another origin', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a report from %s with 403', async (_case, headers) => {
    const { url, stored } = await setup();
    expect(await beacon(url, report(), headers)).toMatchObject({ status: 403, text: VITALS_REFUSALS.crossSite.message });
    expect(await stored()).toEqual([]);
  });

  it.each(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses the content type %s with 415',
    async (type) => {
      const { url, stored } = await setup();
      expect(await beacon(url, report(), { 'Content-Type': type })).toMatchObject({
        status: 415,
        text: VITALS_REFUSALS.encoding.message,
      });
      expect(await stored()).toEqual([]);
    },
  );

  it('refuses a body over the limit with 413 and one without a length with 411', async () => {
    const { url, stored } = await setup();
    const large = report({ path: `/rates?${'x'.repeat(REPORT_BODY_LIMIT)}` });
    expect(await beacon(url, large)).toMatchObject({ status: 413, text: VITALS_REFUSALS.tooLarge.message });
    const chunked = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${url}/api/vitals`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain', Origin: SITE.siteUrl, 'Transfer-Encoding': 'chunked' },
      });
      req.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(JSON.stringify(report()));
    });
    expect(chunked).toEqual({ status: 411, text: VITALS_REFUSALS.noLength.message });
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['not JSON', 'LCP=1200', 400, 'The report is not JSON.'],
    ['an unknown metric', report({ metrics: { LCP: 1000, FID: 3 } }), 422, 'Invalid report: unknown metric FID.'],
    [
      'six metrics',
      report({ metrics: { LCP: 1, INP: 1, CLS: 0, FCP: 1, TTFB: 1, TBT: 5 } }),
      422,
      'Invalid report: unknown metric TBT.',
    ],
    ['a negative value', report({ metrics: { INP: -5 } }), 422, 'Invalid report: INP must not be negative.'],
    ['a value out of bounds', report({ metrics: { LCP: 3_600_000 } }), 422, 'Invalid report: LCP must be at most 120000.'],
    ['a page the site does not have', report({ path: '/wp-login.php' }), 422, 'Invalid report: path is not a page of this site.'],
    ['an admin page', report({ path: '/admin/leads' }), 422, 'Invalid report: path is not a page of this site.'],
    ['a visitor id', report({ visitor: 'abc' }), 422, 'Invalid report: unknown field visitor.'],
  ])('refuses %s and stores nothing', async (_case, body, status, text) => {
    const { url, stored } = await setup();
    expect(await beacon(url, body)).toMatchObject({ status, text });
    expect(await stored()).toEqual([]);
  });

  it('counts a page view’s metrics once and refuses its reports past the limit', async () => {
    const { url, stored } = await setup();
    const id = 'e'.repeat(32);
    for (let i = 1; i <= MAX_REPORTS; i++) expect((await beacon(url, report({ id, metrics: { INP: i * 10 } }))).status).toBe(204);
    expect(await beacon(url, report({ id, metrics: { INP: 999 } }))).toMatchObject({
      status: 429,
      text: 'This page view has already reported too often.',
    });
    expect((await stored()).map((row) => [row.metric, row.value, row.reports])).toEqual([['INP', MAX_REPORTS * 10, MAX_REPORTS]]);
  });

  it('refuses an address past its reports per minute with 429, and stores nothing of it', async () => {
    const { url, stored } = await setup(3);
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    for (let i = 0; i < 3; i++) expect((await beacon(url, report(), from('198.51.100.7'))).status).toBe(204);
    expect(await beacon(url, report(), from('198.51.100.7'))).toMatchObject({
      status: 429,
      text: VITALS_REFUSALS.limited.message,
    });
    // Another address of the same IPv6 /64 is the same subscriber; another subscriber is not.
    for (let i = 0; i < 3; i++) expect((await beacon(url, report(), from(`2001:db8:0:1::${i + 1}`))).status).toBe(204);
    expect((await beacon(url, report(), from('2001:db8:0:1:ffff::9'))).status).toBe(429);
    expect((await beacon(url, report(), from('203.0.113.5'))).status).toBe(204);
    expect(new Set((await stored()).map((row) => row.view_id)).size).toBe(7);
  });
});

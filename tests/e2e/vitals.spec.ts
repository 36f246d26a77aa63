import { expect, test, type Page } from '@playwright/test';
import { OWNER_MARKER_COOKIE } from '../../lib/auth/owner-marker';
import { HYDRATED_ATTRIBUTE } from '../../lib/site/deferred-boot-markers';
import { formatMetric, METRIC_NAMES, type MetricName } from '../../lib/vitals/metrics';
import { COLLECTOR_MARK, COLLECTOR_PREFIX, VITALS_ENDPOINT } from '../../lib/vitals/paths';
import { listen } from '../support/http-server';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { startServer, type RunningServer } from './server';

/**
 * Field data: a real page view in Chromium sends its Web Vitals in one beacon when the page is
 * hidden, the admin's Site Speed section shows them, and beacons from elsewhere or malformed ones
 * are refused without storing anything.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const isBeacon = (url: string) => new URL(url).pathname === VITALS_ENDPOINT;
const storedRows = () =>
  withDb(server.databasePath, (db) =>
    db
      .prepare('SELECT view_id, metric, path, device, connection, day, value, reports FROM web_vitals ORDER BY view_id, metric')
      .all(),
  ) as {
    view_id: string;
    metric: MetricName;
    path: string;
    device: string;
    connection: string;
    day: string;
    value: number;
    reports: number;
  }[];

/**
 * Waits until the collector is watching, then until the browser has handed every buffered entry to
 * the page's performance observers: one buffered observer of our own is served by the same task
 * as theirs, after them, and a timer after that runs after web-vitals' own timers.
 */
async function collectorCaughtUp(page: Page) {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, COLLECTOR_MARK);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((_list, observer) => {
          observer.disconnect();
          setTimeout(resolve);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

type Sent = { id: string; path: string; device: string; connection: string; metrics: Partial<Record<MetricName, number>> };

/**
 * Keeps every report the page's documents hand to navigator.sendBeacon (the real one still sends
 * it) in sessionStorage, which outlives the page: a beacon sent while the page unloads is never
 * seen by the test's network events.
 */
async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const sent = JSON.parse(sessionStorage.getItem('test:beacons') ?? '[]') as string[];
      sessionStorage.setItem('test:beacons', JSON.stringify([...sent, String(data)]));
      return send(url, data);
    };
  });
}
const beaconsSent = async (page: Page) =>
  ((await page.evaluate(() => JSON.parse(sessionStorage.getItem('test:beacons') ?? '[]'))) as string[]).map(
    (body) => JSON.parse(body) as Sent,
  );

/** What a tab switch does to the page; the browser's own events cannot be caused from a test. */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((visibility) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, state);
}

test('a page view sends one beacon with its metrics when the visitor leaves, and Site Speed shows them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await recordBeacons(page);
  await page.goto(`${server.url}/rates`);
  await collectorCaughtUp(page);
  // The visitor's first tap (it boots the page, and gives an INP).
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
  await collectorCaughtUp(page);
  expect(await beaconsSent(page)).toEqual([]);

  // Leaving the page hides it (pagehide, then visibilitychange): one beacon with every metric.
  await page.goto(`${server.url}/api/health`);
  const sent = await beaconsSent(page);
  expect(sent).toHaveLength(1);
  const [report] = sent as [Sent];
  expect(Object.keys(report.metrics).sort()).toEqual([...METRIC_NAMES].sort());
  expect(report).toMatchObject({ path: '/rates', device: 'desktop' });
  // The beacon is delivered after the page has gone: wait for the server to have stored it.
  await expect.poll(() => storedRows().length).toBe(METRIC_NAMES.length);
  expect(storedRows().map((row) => [row.metric, row.value, row.reports])).toEqual(
    Object.entries(report.metrics)
      .sort()
      .map(([metric, value]) => [metric, value, 1]),
  );
  expect(
    storedRows().every((row) => row.view_id === report.id && row.path === '/rates' && row.connection === report.connection),
  ).toBe(true);

  // The owner signs in on another browser profile and opens Site Speed.
  const admin = await (await browser.newContext()).newPage();
  await signInToDashboard(admin, server.url);
  await openSection(admin, 'Site Speed');
  await expect(admin.getByText('1 page view measured.')).toBeVisible();
  const table = admin.getByRole('table', { name: /75th percentile per page/ });
  for (const label of ['All pages', '/rates']) {
    const row = table.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: label, exact: true }) });
    for (const metric of METRIC_NAMES) await expect(row).toContainText(formatMetric(metric, report.metrics[metric]!));
  }
  for (const metric of METRIC_NAMES) {
    await expect(admin.getByRole('img', { name: `${metric}, 75th percentile per day` })).toBeVisible();
  }
  await expectNoAxeViolations(admin);
  await admin.setViewportSize({ width: 390, height: 900 });
  await expectNoAxeViolations(admin);
});

test('a page hidden again sends only what changed since its last beacon', async ({ page }) => {
  await recordBeacons(page);
  await page.goto(`${server.url}/ebook`);
  await collectorCaughtUp(page);
  const answered = page.waitForResponse((response) => isBeacon(response.url()));
  await setVisibility(page, 'hidden');
  expect((await answered).status()).toBe(204);
  const [first] = (await beaconsSent(page)) as [Sent];
  expect(Object.keys(first.metrics).sort()).toEqual(['CLS', 'FCP', 'LCP', 'TTFB']);

  // Back, and away again with nothing new: no beacon.
  await setVisibility(page, 'visible');
  await setVisibility(page, 'hidden');
  expect(await beaconsSent(page)).toHaveLength(1);

  // Back, the layout shifts, away again: a beacon with the grown CLS alone, same page view.
  await setVisibility(page, 'visible');
  await page.evaluate(() => {
    const block = document.createElement('div');
    block.style.height = '300px';
    document.body.prepend(block);
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await collectorCaughtUp(page);
  const again = page.waitForResponse((response) => isBeacon(response.url()));
  await setVisibility(page, 'hidden');
  expect((await again).status()).toBe(204);
  const [, second] = (await beaconsSent(page)) as [Sent, Sent];
  expect(second.id).toBe(first.id);
  expect(Object.keys(second.metrics)).toEqual(['CLS']);
  expect(second.metrics.CLS).toBeGreaterThan(first.metrics.CLS!);
  const cls = storedRows().find((row) => row.view_id === first.id && row.metric === 'CLS');
  expect(cls).toMatchObject({ value: second.metrics.CLS, reports: 2 });
});

test('a cross-site or malformed beacon is refused and stores nothing', async ({ page }) => {
  const before = storedRows();
  const report = { id: 'a'.repeat(32), path: '/', device: 'mobile', connection: '4g', metrics: { LCP: 1000 } };
  // Another site's page has its visitors' browsers send a well-formed report.
  const other = await listen((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>Elsewhere</title><script>navigator.sendBeacon(${JSON.stringify(
        `${server.url}${VITALS_ENDPOINT}`,
      )}, ${JSON.stringify(JSON.stringify(report))})</script></html>`,
    );
  });
  try {
    const refused = page.waitForResponse((response) => isBeacon(response.url()));
    await page.goto(other.url);
    expect((await refused).status()).toBe(403);
  } finally {
    await other.close();
  }

  // From the site's own page, but not a report (the collector itself is kept out of the way).
  await page.route(`**${COLLECTOR_PREFIX}**`, (route) => route.abort());
  await page.goto(`${server.url}/privacy`);
  for (const [body, status] of [
    ['LCP=1000', 400],
    [JSON.stringify({ ...report, metrics: { LCP: -1 } }), 422],
    [JSON.stringify({ ...report, metrics: { LCP: 1, INP: 1, CLS: 0, FCP: 1, TTFB: 1, FID: 1 } }), 422],
    [JSON.stringify({ ...report, path: '/admin/leads' }), 422],
    [JSON.stringify({ ...report, metrics: { LCP: 1000 }, padding: 'x'.repeat(2000) }), 413],
  ] as const) {
    const answered = page.waitForResponse((response) => isBeacon(response.url()));
    expect(await page.evaluate(([url, text]) => navigator.sendBeacon(url, text), [VITALS_ENDPOINT, body] as const)).toBe(true);
    expect((await answered).status()).toBe(status);
  }
  expect(storedRows()).toEqual(before);
});

test('the collector loads after the load event on every kind of page, cached for a year, and never for the owner', async ({
  page,
  context,
}) => {
  for (const path of ['/', '/apply']) {
    const collector = page.waitForResponse((response) => response.url().includes(COLLECTOR_PREFIX));
    await page.goto(`${server.url}${path}`);
    const response = await collector;
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const timing = await page.evaluate((url) => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return { loaded: navigation!.loadEventEnd, requested: performance.getEntriesByName(url)[0]?.startTime };
    }, response.url());
    expect(timing.requested).toBeGreaterThanOrEqual(timing.loaded);
  }

  await context.addCookies([{ name: OWNER_MARKER_COOKIE, value: '1', url: server.url }]);
  await page.goto(`${server.url}/blog`);
  // The loader waits for load, then for idle: once an idle callback queued after load has run, it has decided.
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve))));
  await expect(page.locator(`script[src^="${COLLECTOR_PREFIX}"]`)).toHaveCount(0);
});

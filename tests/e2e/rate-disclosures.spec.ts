import { expect, test, type Page } from '@playwright/test';
import { defaultContent as c } from '../../lib/content/defaults';
import { seedRates } from '../../lib/rates/seed';
import { measureRateDisplays, ratesShownOutsideDisplays } from './rate-figures';
import { openPageViews, type PageViews } from './page-views';
import { startServer, type RunningServer } from './server';

/**
 * Regulation Z advertising (12 CFR 1026.24) on the seeded site: the APR is never less conspicuous
 * than the interest rate beside it, no page shows a rate any other way, and the pages whose terms
 * trigger 1026.24(d) carry the representative example, with figures from the first rate.
 */

const DESKTOP = { width: 1280, height: 900 };

let server: RunningServer;
/** The pages the tests only read (see `view`). */
let views: PageViews;
test.beforeAll(async ({ browser }) => {
  server = await startServer();
  views = await openPageViews(browser, server.url, DESKTOP);
});
test.afterAll(async () => {
  await views.close();
  await server.stop();
});

/** A page as a visitor first opens it on a desktop, for the tests that only read it (tests/e2e/page-views.ts). */
const view = (path: string): Promise<Page> => views.view(path);

/** The example for the seeded first rate and the default loan, worked by hand: 400,000 × 6.75% ÷ 12 = 2,250. */
const WORKED_EXAMPLE =
  'Representative example: a $400,000 Residential loan at 7.15% APR (6.75% interest rate, fixed for the term) with a 20% ' +
  'down payment ($100,000 of a $500,000 total cost) is repaid in 12 monthly interest-only payments of $2,250 followed by ' +
  'a balloon payment of the $400,000 balance at the end of the 12-month term. Payments do not include taxes and ' +
  'insurance, so the actual payment obligation will be greater.';

/** Pages showing rates, with how many displays each has: the cards, then the example. */
const RATE_PAGES = [
  ['/', seedRates.length + 1],
  ['/rates', seedRates.length + 1],
  ['/licenses', 1],
] as const;

const PUBLIC_PAGES = ['/', '/rates', '/blog', '/blog/understanding-construction-loans', '/ebook', '/privacy', '/licenses'];

/** Every rate display of the pages that show rates, measured on the page `open` gives for each. */
async function expectConspicuousAprs(open: (path: string) => Promise<Page>): Promise<void> {
  for (const [path, count] of RATE_PAGES) {
    const page = await open(path);
    const displays = await measureRateDisplays(page);
    expect(displays, path).toHaveLength(count);
    for (const { apr, rate, aprFirst } of displays) {
      const where = `${path}: ${apr.text} APR / ${rate.text}`;
      expect(aprFirst, where).toBe(true);
      expect(apr.after, where).toMatch(/^APR\b/);
      expect(rate.after, where).toMatch(/^interest rate\b/i);
      expect(apr.fontSize, where).toBeGreaterThanOrEqual(rate.fontSize);
      expect(apr.fontWeight, where).toBeGreaterThanOrEqual(rate.fontWeight);
      expect(apr.contrast, where).toBeGreaterThanOrEqual(rate.contrast);
      expect(apr.contrast, where).toBeGreaterThanOrEqual(4.5);
    }
    // The cards' figures: the sizes the issue measured for the interest rate now hold for both.
    const cards = displays.slice(0, -1);
    for (const { apr } of cards) expect(apr.fontWeight, path).toBe(700);
    expect(cards.map(({ apr }) => apr.text)).toEqual(path === '/licenses' ? [] : seedRates.map((r) => r.apr));
  }
}

test('each APR is first, labelled, and never smaller, lighter or lower in contrast than its rate (phone)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await expectConspicuousAprs(async (path) => {
    await page.goto(server.url + path);
    return page;
  });
});

test('each APR is first, labelled, and never smaller, lighter or lower in contrast than its rate (desktop)', async () => {
  await expectConspicuousAprs(view);
});

test('no public page shows a rate outside the shared rate display', async () => {
  for (const path of PUBLIC_PAGES) {
    expect(await ratesShownOutsideDisplays(await view(path)), path).toEqual([]);
  }
});

test('the rates page, the home page and the licenses page carry the worked representative example', async () => {
  for (const path of ['/rates', '/', '/licenses']) {
    const page = await view(path);
    await expect(page.getByText('Representative example:').locator('..'), path).toHaveText(WORKED_EXAMPLE);
    await expect(page.getByText('The APR may increase after consummation.', { exact: true }), path).toHaveCount(0);
  }
});

test('the licenses page explains how rates are quoted, and keeps its Last updated line', async () => {
  const page = await view('/licenses');
  await expect(page.getByText(`Last updated: ${c.legal.licenses.updated}`)).toBeVisible();
  const section = page.getByRole('region', { name: 'How we quote rates' });
  await expect(section).toContainText('APR basis. Every rate on this site is shown with its annual percentage rate (APR)');
  const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  );
  await expect(section).toContainText(`Date of the rates. Our rates were last updated on ${today}.`);
  await expect(section).toContainText('Assumptions. Each rate and APR assumes a well-qualified borrower');
  await expect(section).toContainText('a $400,000 loan with a 20% down payment');
});

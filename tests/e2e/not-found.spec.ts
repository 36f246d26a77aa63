import { expect, test, type Page } from '@playwright/test';
import { defaultContent as c } from '../../lib/content/defaults';
import { expectNoAxeViolations } from './leads-support';
import { startServer, type RunningServer } from './server';

/**
 * Issue 27: a URL that names nothing answers 404 with the whole not-found page in the HTML (the
 * site's header and footer, the message and a way back), not an empty document that only a
 * browser running Next's scripts fills in. A crawler, a browser without scripts and a phone whose
 * scripts never arrive see the same page.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const CASES = [
  { path: '/no-such-page', heading: 'Page not found', back: { name: 'Go to the home page', href: '/' } },
  // The blog's own wording for a post that is not there, with the spec's 'Back to Blog'.
  { path: '/blog/no-such-post', heading: 'Post not found', back: { name: 'Back to Blog', href: '/blog' } },
] as const;

/** The text of an HTML fragment, as a reader of the raw response would find it. */
const textOf = (html: string) =>
  html
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

for (const { path, heading, back } of CASES) {
  test(`a plain GET of ${path} (what curl does) answers 404 with the message, the navigation and a way back in the HTML`, async () => {
    // Node's fetch: no browser, no scripts run.
    const response = await fetch(server.url + path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    const header = /<header[\s\S]*?<\/header>/.exec(body)?.[0] ?? '';
    const footer = /<footer[\s\S]*?<\/footer>/.exec(body)?.[0] ?? '';
    const main = /<main[\s\S]*?<\/main>/.exec(body)?.[0] ?? '';
    expect(textOf(header)).toContain(c.header.title);
    for (const href of ['/rates', '/blog', '/ebook']) expect(header).toContain(`href="${href}"`);
    expect(textOf(footer)).toContain('Quick Links');
    expect(textOf(main)).toContain(heading);
    expect(main).toContain(`href="${back.href}"`);
    expect(textOf(main)).toContain(back.name);

    // A HEAD says the same.
    expect((await fetch(server.url + path, { method: 'HEAD' })).status).toBe(404);
  });
}

async function expectNotFoundPage(page: Page, heading: string, back: { name: string; href: string }) {
  await expect(page).toHaveTitle(/\S/);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('banner').getByText(c.header.title)).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('navigation', { name: 'Quick Links' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: back.name })).toHaveAttribute('href', back.href);
}

test('without JavaScript the 404 pages show the message, the site navigation and the way back', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const { path, heading, back } of CASES) {
    const response = await page.goto(server.url + path);
    expect(response?.status()).toBe(404);
    await expectNotFoundPage(page, heading, back);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rates', exact: true })).toBeVisible();
  }
  // The way back leads home.
  await page.goto(server.url + '/no-such-page');
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await context.close();
});

// axe runs in the page's own scripts, so it checks the pages with JavaScript (the same HTML).
test('with JavaScript the 404 pages are the same, keep their address, and axe finds nothing', async ({ page }) => {
  for (const { path, heading, back } of CASES) {
    expect((await page.goto(server.url + path))?.status()).toBe(404);
    await expectNotFoundPage(page, heading, back);
    await expect(page).toHaveURL(server.url + path);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
  }
});

test('/favicon.ico answers with an icon', async () => {
  const response = await fetch(server.url + '/favicon.ico');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = Buffer.from(await response.arrayBuffer());
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
});

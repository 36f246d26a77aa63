import { expect, test, type Page } from '@playwright/test';
import { OWNER_MARKER_COOKIE } from '../../lib/auth/owner-marker';
import { HYDRATED_ATTRIBUTE } from '../../lib/site/deferred-boot-markers';
import { fillFields, storedLeads } from './leads-support';
import { startServer, type RunningServer } from './server';

/**
 * Public pages load Next's scripts at the visitor's first interaction (server/deferred-boot):
 * nothing runs before, everything works after, and a control pressed in between still works.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const hydrated = (page: Page) => page.locator(`html[${HYDRATED_ATTRIBUTE}]`);

/** Records the script files a page requests. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

test('a public page loads no script until the visitor interacts, then hydrates', async ({ page }) => {
  const scripts = watchScripts(page);
  const response = await page.goto(server.url + '/');
  expect(await response!.text()).not.toMatch(/<script[^>]*\ssrc=/);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(scripts).toEqual([]);
  await expect(hydrated(page)).toHaveCount(0);

  await page.mouse.move(30, 30);
  await expect(hydrated(page)).toHaveCount(1);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((url) => url.startsWith(`${server.url}/_next/static/`))).toBe(true);
});

test('a keyboard visitor boots the page with the first key press', async ({ page }) => {
  await page.goto(server.url + '/blog');
  await page.keyboard.press('Tab');
  await expect(hydrated(page)).toHaveCount(1);
});

test('"Apply Now" pressed while the scripts are still on their way opens the application dialog', async ({ page }) => {
  await page.goto(server.url + '/');
  // Hold every script back a while, as a slow phone network would.
  await page.route('**/_next/static/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const applyNow = page.getByRole('main').getByRole('button', { name: 'Apply Now' });
  await applyNow.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(page.url()).toBe(server.url + '/');
  await page.keyboard.press('Escape');
  await expect(applyNow).toBeFocused();
});

test("the header's phone button pressed before hydration still shows its toast", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url + '/rates');
  await page.route('**/_next/static/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Call / })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Ready to Call' })).toBeVisible();
});

test('when the scripts never arrive, a button that opens a dialog still leads to its form page', async ({ page }) => {
  test.setTimeout(30_000);
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto(server.url + '/');
  await page.getByRole('main').getByRole('button', { name: 'Apply Now' }).click();
  // An empty GET form: the address may end in a bare '?'.
  await expect(page).toHaveURL((url) => url.pathname === '/apply', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('when the scripts never arrive, a message sent from /contact is still stored', async ({ page }) => {
  test.setTimeout(30_000);
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto(server.url + '/contact');
  await fillFields(page.locator('main form'), { from_name: 'Ola', from_email: 'ola@example.com', message: 'Offline JS.' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible({ timeout: 15_000 });
  expect(storedLeads(server.databasePath)[0]).toMatchObject({ kind: 'contact', fields: { message: 'Offline JS.' } });
});

test("the owner's marker cookie boots the page at once (inline edit mode needs it)", async ({ page, context }) => {
  const { hostname } = new URL(server.url);
  await context.addCookies([{ name: OWNER_MARKER_COOKIE, value: '1', domain: hostname, path: '/' }]);
  await page.goto(server.url + '/');
  await expect(hydrated(page)).toHaveCount(1);
});

test('a checkout error on /rates is shown without any interaction', async ({ page }) => {
  await page.goto(server.url + '/rates?payment_error=Card%20declined');
  await expect(page.getByText('Card declined')).toBeVisible();
});

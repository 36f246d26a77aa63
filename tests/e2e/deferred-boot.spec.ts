import { expect, test, type Page } from '@playwright/test';
import { OWNER_MARKER_COOKIE } from '../../lib/auth/owner-marker';
import { HYDRATED_ATTRIBUTE } from '../../lib/site/deferred-boot-markers';
import { COLLECTOR_PREFIX } from '../../lib/vitals/paths';
import { fillFields, fullApplication, pick, step1Names, storedLeads } from './leads-support';
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

/**
 * Holds back every script of Next's until the returned function is called. Called before the page
 * is opened: once loaded, the page prefetches the scripts, and a script prefetched before the hold
 * runs from the cache when the page boots.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * For a page whose scripts never arrive (their requests fail at once): the page's clock is faked
 * from its start (time still flows), so that the test can move it past the boot's wait for React
 * rather than wait it out. After that wait (GIVE_UP_MS, server/deferred-boot/transform.ts: 10 s)
 * a control held for React is handled as the page does without JavaScript: its form is sent.
 */
async function withoutScripts(page: Page): Promise<{ giveUpWaiting: () => Promise<void> }> {
  await page.clock.install();
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  return { giveUpWaiting: () => page.clock.fastForward(11_000) };
}

/** Records the script files a page requests (but the field-data collector, loaded after `load`: vitals.spec.ts). */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !request.url().includes(COLLECTOR_PREFIX)) scripts.push(request.url());
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
  // Hold every script back a while, as a slow phone network would (from the start: see holdScripts).
  await page.route('**/_next/static/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.goto(server.url + '/');
  const applyNow = page.getByRole('main').getByRole('button', { name: 'Apply Now' });
  await applyNow.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(page.url()).toBe(server.url + '/');
  await page.keyboard.press('Escape');
  await expect(applyNow).toBeFocused();
});

test("the header's phone button pressed before hydration still shows its toast", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route('**/_next/static/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto(server.url + '/rates');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Call / })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Ready to Call' })).toBeVisible();
});

test('when the scripts never arrive, the application dialog still opens, and what was typed reaches /apply', async ({ page }) => {
  const { giveUpWaiting } = await withoutScripts(page);
  await page.goto(server.url + '/');
  await page.getByRole('main').getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Project Description/).fill('A cabin by the lake, no scripts.');
  await dialog.getByRole('button', { name: 'Next' }).click();
  // The boot gives up waiting and posts the form to the application's own page, which shows the
  // whole form with what was typed and says what is missing.
  await giveUpWaiting();
  await expect(page).toHaveURL((url) => url.pathname === '/apply');
  await expect(page.getByRole('main').getByLabel(/Project Description/)).toHaveValue('A cabin by the lake, no scripts.');
});

test('when the scripts never arrive, a message sent from the contact dialog is stored and confirmed on /contact', async ({
  page,
}) => {
  const { giveUpWaiting } = await withoutScripts(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url + '/blog');
  await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await fillFields(dialog, { from_name: 'Noa', from_email: 'noa@example.com', message: 'No scripts today.' });
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await giveUpWaiting();
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/contact');
  expect(storedLeads(server.databasePath)[0]).toMatchObject({ kind: 'contact', fields: { message: 'No scripts today.' } });
});

test('what a visitor types into a dialog before React has taken over is kept, and stored', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The scripts arrive only once the visitor has typed everything: React takes over a dialog
  // already filled in.
  const release = await holdScripts(page);
  await page.goto(server.url + '/');

  await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
  const contact = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(contact).toBeVisible();
  await contact.locator('[name="from_name"]').pressSequentially('Ida Early');
  await contact.locator('[name="from_email"]').pressSequentially('ida@example.com');
  await contact.locator('[name="message"]').pressSequentially('Typed before the scripts came.');
  await expect(hydrated(page)).toHaveCount(0);
  release();
  await expect(hydrated(page)).toHaveCount(1);
  await expect(contact.locator('[name="from_name"]')).toHaveValue('Ida Early');
  await expect(contact.locator('[name="from_email"]')).toHaveValue('ida@example.com');
  await expect(contact.locator('[name="message"]')).toHaveValue('Typed before the scripts came.');
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(contact.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  expect(storedLeads(server.databasePath)[0]).toMatchObject({
    kind: 'contact',
    fields: { from_name: 'Ida Early', from_email: 'ida@example.com', message: 'Typed before the scripts came.' },
  });
});

test('what a visitor types into the application dialog before React has taken over is kept, and stored', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(server.url + '/');

  await page.getByRole('button', { name: 'Start Qualification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
  await expect(dialog).toBeVisible();
  const step1 = pick(fullApplication, step1Names);
  await fillFields(dialog, step1);
  await expect(hydrated(page)).toHaveCount(0);
  release();
  await expect(hydrated(page)).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: /Borrower Application/ })).toBeVisible();
  await fillFields(dialog, pick(fullApplication, step1Names, false));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  const [lead] = storedLeads(server.databasePath);
  expect(lead).toMatchObject({ kind: 'application' });
  for (const [name, value] of Object.entries(step1)) if (value !== '') expect(lead!.fields[name]).toBe(value);
});

test('before React, the mobile menu opens and closes at once, and its Contact opens the dialog', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto(server.url + '/rates');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('button', { name: 'Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Us' })).toBeVisible();
  await expect(menu).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test("before React, an empty form's submit shows its toast at once", async ({ page }) => {
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto(server.url + '/ebook');
  await page.getByRole('button', { name: 'Download Now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Incomplete Form' })).toBeVisible();
});

test('when the scripts never arrive, a message sent from /contact is still stored', async ({ page }) => {
  const { giveUpWaiting } = await withoutScripts(page);
  await page.goto(server.url + '/contact');
  await fillFields(page.locator('main form'), { from_name: 'Ola', from_email: 'ola@example.com', message: 'Offline JS.' });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await giveUpWaiting();
  await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
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

import { expect, test, type Browser, type Page } from '@playwright/test';
import { withDb } from './admin-support';
import { anonymousHtml, pngImage, signInToDashboard, toast } from './admin-ui';
import { bootPage } from './boot';
import { startServer, type RunningServer } from './server';

/** The edit-mode module's unique string (EDIT_MODE_STYLE_ID in components/edit-mode/dom.ts). */
const EDIT_MODULE_MARKER = 'clp-inline-edit-mode-styles';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

/** Every same-origin script a page load requests, and every request path it makes. */
async function loadAndCollect(page: Page, path: string) {
  const scripts = new Set<string>();
  const requests: string[] = [];
  let lastRequestAt = Date.now();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== server.url) return;
    lastRequestAt = Date.now();
    requests.push(url.pathname);
    if (request.resourceType() === 'script') scripts.add(request.url());
  });
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  // Public pages load their scripts at the first interaction; then the loader may fetch more.
  await bootPage(page);
  while (Date.now() - lastRequestAt < 750) await page.waitForTimeout(100);
  const bodies = await Promise.all([...scripts].map(async (url) => (await fetch(url)).text()));
  return { scripts, requests, loadsEditMode: bodies.some((body) => body.includes(EDIT_MODULE_MARKER)) };
}

async function storedContent(): Promise<{ hero: { imageUrl: string; imageAlt: string } }> {
  return withDb(server.databasePath, (db) => {
    const row = db.prepare("SELECT document FROM site_content WHERE id = 'site'").get() as { document: string };
    return JSON.parse(row.document) as { hero: { imageUrl: string; imageAlt: string } };
  });
}

/** What a visitor who never signed in sees, in a fresh browser. */
async function freshVisitorSees(browser: Browser, text: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(server.url);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enter Edit Mode' })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

async function enterEditMode(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Enter Edit Mode' }).click();
  await expect(page.getByRole('button', { name: 'Exit Edit Mode' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-edit-path="hero.subtitle"]')).toHaveAttribute('role', 'button');
}

test('anonymous visitors get no edit button, no session request and no edit-mode code', async ({ page }) => {
  for (const path of ['/', '/rates', '/ebook']) {
    const html = await anonymousHtml(server.url, path);
    expect(html).not.toContain('Enter Edit Mode');
    expect(html).not.toContain(EDIT_MODULE_MARKER);
  }
  for (const path of ['/', '/rates', '/ebook']) {
    const load = await loadAndCollect(page, path);
    expect(load.scripts.size).toBeGreaterThan(0);
    expect(load.loadsEditMode, `${path} must not load the edit-mode module`).toBe(false);
    expect(load.requests.filter((p) => p.startsWith('/api/admin'))).toEqual([]);
    await expect(page.getByRole('button', { name: /Edit Mode/ })).toHaveCount(0);
  }
});

test('the signed-in owner gets the button and the edit-mode code; sign-out takes it away', async ({ page }) => {
  await signInToDashboard(page, server.url);
  const load = await loadAndCollect(page, '/');
  await expect(page.getByRole('button', { name: 'Enter Edit Mode' })).toBeVisible();
  expect(load.loadsEditMode).toBe(true);
  expect(load.requests).toContain('/api/admin/edit-session');

  // A marker cookie without a live session downloads nothing and is cleared.
  await page.context().clearCookies({ name: 'clp_admin' });
  const stale = await loadAndCollect(page, '/rates');
  expect(stale.loadsEditMode).toBe(false);
  await expect(page.getByRole('button', { name: /Edit Mode/ })).toHaveCount(0);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('clp_owner');
});

test('owner edits texts in place: Enter, blur, Escape, undo, a rejected value, keyboard', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInToDashboard(page, server.url);
  await enterEditMode(page);

  // Keyboard: Tab from the toggle reaches the header title, announced as editable; Enter opens it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const headerTitle = page.locator('header [data-edit-path="header.title"]');
  await expect(headerTitle).toBeFocused();
  await expect(headerTitle).toHaveAttribute('aria-label', /^Edit: .+ \(editable\)$/);
  await page.keyboard.press('Enter');
  const titleField = page.getByRole('textbox', { name: 'Edit header › title' });
  await expect(titleField).toBeFocused();

  // Enter saves a single-line value; a fresh visitor sees it.
  await titleField.fill('Build Loan Pros');
  await titleField.press('Enter');
  await expect(toast(page)).toContainText('Content Updated');
  await expect(headerTitle).toHaveText('Build Loan Pros');
  await expect(headerTitle).toBeFocused();
  await freshVisitorSees(browser, 'Build Loan Pros');

  // Leaving a multi-line field saves it. The header's 'Content Updated' toast may still be up (a
  // toast stays 5 s), so the text on the page is what says this save is stored: edit mode writes
  // it there only from the server's answer (applyValue).
  const subtitleText = page.locator('[data-edit-path="hero.subtitle"]');
  await subtitleText.click();
  const subtitle = page.getByRole('textbox', { name: 'Edit hero › subtitle' });
  await expect(subtitle).toHaveJSProperty('tagName', 'TEXTAREA');
  await subtitle.fill('Edited in place, live for everyone.');
  await subtitle.press('Tab');
  await expect(subtitleText).toHaveText('Edited in place, live for everyone.');
  await expect(toast(page)).toContainText('Content Updated');
  expect(await anonymousHtml(server.url)).toContain('Edited in place, live for everyone.');

  // Escape cancels: nothing saved.
  const ctaTitle = page.locator('[data-edit-path="cta.title"]');
  const ctaBefore = (await ctaTitle.textContent()) ?? '';
  await ctaTitle.click();
  await page.getByRole('textbox', { name: 'Edit cta › title' }).fill('Never saved');
  await page.getByRole('textbox', { name: 'Edit cta › title' }).press('Escape');
  await expect(page.getByRole('textbox', { name: 'Edit cta › title' })).toHaveCount(0);
  await expect(ctaTitle).toHaveText(ctaBefore);
  expect(await anonymousHtml(server.url)).not.toContain('Never saved');

  // Undo from the toast puts the previous value back (as another revision).
  const feature = page.locator('[data-edit-path="loanTypes.loans.0.features.0"]');
  const featureBefore = (await feature.textContent()) ?? '';
  await feature.click();
  await page.getByRole('textbox', { name: /Edit loanTypes › loans 1 › features 1/ }).fill('Undo me');
  await page.keyboard.press('Enter');
  // Stored (see the subtitle above); the toast on screen is now this save's, whose Undo is this edit's.
  await expect(feature).toHaveText('Undo me');
  await expect(toast(page)).toContainText('Content Updated');
  expect(await anonymousHtml(server.url)).toContain('Undo me');
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page)).toContainText('Edit Undone');
  await expect(feature).toHaveText(featureBefore);
  expect(await anonymousHtml(server.url)).not.toContain('Undo me');

  const primary = page.locator('[data-edit-path="hero.primaryButton"]');
  const primaryBefore = (await primary.textContent()) ?? '';
  await primary.click();
  // A label inside a button is edited: the application modal does not open, nor is its form sent.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Edit hero › primaryButton' }).fill('   ');
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('This field is required. The previous value was kept.');
  await expect(primary).toHaveText(primaryBefore);
  // From the keyboard too: Enter on the focused label opens its editor, not the modal.
  await primary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Edit hero › primaryButton' })).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(primary).toBeFocused();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await anonymousHtml(server.url)).toContain(`>${primaryBefore}<`);

  // Every edit is a revision in the admin's History.
  await page.goto(`${server.url}/admin/content`);
  await page.getByRole('button', { name: 'History' }).click();
  const revisions = page.getByTestId('revision');
  await expect(revisions.filter({ hasText: 'Inline edit: header.title' })).toHaveCount(1);
  await expect(revisions.filter({ hasText: 'Inline edit: hero.subtitle' })).toHaveCount(1);
  await expect(revisions.filter({ hasText: 'Inline edit undone: loanTypes.loans.0.features.0' })).toHaveCount(1);
});

test('owner changes an image with a real file and edits its alt text', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToDashboard(page, server.url);
  await enterEditMode(page);
  const overlay = page.locator('[data-edit-overlay="hero.imageUrl"]');
  await expect(overlay.getByText('Change Image')).toBeVisible();
  await overlay.getByLabel('Change Image').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: await pngImage() });
  await expect(toast(page)).toContainText('Image Updated');
  const { hero } = await storedContent();
  expect(hero.imageUrl).toMatch(/^\/media\/[a-f0-9]{32}\.webp$/);
  // Shown at once: the plain address, then the optimiser's once the page refreshes after the save.
  await expect
    .poll(() => page.locator('img[data-edit-image="hero.imageUrl"]').getAttribute('src'))
    .toContain(hero.imageUrl.split('/').pop());
  expect(await anonymousHtml(server.url)).toContain(encodeURIComponent(hero.imageUrl));
  const media = await fetch(`${server.url}${hero.imageUrl}`);
  expect(media.headers.get('content-type')).toBe('image/webp');

  await overlay.getByRole('button', { name: 'Edit Alt Text' }).click();
  await page.getByRole('textbox', { name: 'Edit hero › imageAlt' }).fill('A new home under construction');
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('Content Updated');
  expect(await anonymousHtml(server.url)).toContain('alt="A new home under construction"');

  // Exiting edit mode removes the outlines, overlays and roles.
  await page.getByRole('button', { name: 'Exit Edit Mode' }).click();
  await expect(overlay).toHaveCount(0);
  await expect(page.locator('[data-edit-path="hero.subtitle"]')).not.toHaveAttribute('role', 'button');
});

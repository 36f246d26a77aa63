import { randomBytes } from 'node:crypto';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import sharp from 'sharp';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard, toast } from './admin-ui';
import { startServer, type RunningServer } from './server';

/**
 * Uploads from a phone on a slow connection (issue 18): a 10 MB image over a throttled link shows
 * its progress bar advance through several values, reaches the server whole, and a second upload
 * is cancelled from the keyboard with nothing stored. The ebook PDF shows the same bar.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const hero = (page: Page) => page.locator('#panel-hero');
const mediaCount = () =>
  withDb(server.databasePath, (db) => (db.prepare('select count(*) as n from media').get() as { n: number }).n);

/** A PNG of random pixels, stored uncompressed: about 10.3 MB that no encoding can shrink on the way. */
async function tenMegabytePng(): Promise<Buffer> {
  const side = 1900;
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(10 * 1024 * 1024);
  return png;
}

/** Chromium's own network throttling (DevTools protocol): uploads leave at `bytesPerSecond`. */
async function throttle(page: Page, bytesPerSecond: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await setUploadSpeed(cdp, bytesPerSecond);
  return cdp;
}
const setUploadSpeed = (cdp: CDPSession, bytesPerSecond: number) =>
  cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });

/** Every value the upload's progress bar shows, in order, recorded in the page as React renders them. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLProgressElement>('[data-testid="upload-progress"] progress');
      if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
const progressSeen = (page: Page) => page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);

test('a 10 MB image over a slow link shows its progress, and an upload can be cancelled', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToDashboard(page, server.url);
  await openSection(page, 'Site Content');
  const png = await tenMegabytePng();
  const before = mediaCount();
  // 2.5 MB/s: about four seconds for the file, long enough to watch and to cancel.
  const cdp = await throttle(page, 2.5 * 1024 * 1024);
  await recordProgress(page);

  const upload = hero(page).getByLabel('Upload image');
  await upload.setInputFiles({ name: 'site-photo.png', mimeType: 'image/png', buffer: png });
  const progress = hero(page).getByTestId('upload-progress');
  await expect(progress.getByRole('progressbar', { name: /Uploading site-photo\.png \(10\.\d MB\)/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(toast(page)).toContainText('✅ Image Uploaded', { timeout: 60_000 });
  await expect(progress).toHaveCount(0);
  await expect(hero(page).getByLabel('Image address')).toHaveValue(/^\/media\/[a-f0-9]{32}\.webp$/);
  expect(mediaCount()).toBe(before + 1);

  // The bar advanced: several distinct values, always growing, up to every byte sent.
  const seen = await progressSeen(page);
  const between = seen.filter((value) => value > 0 && value < 100);
  expect(between.length, `values seen: ${seen.join(', ')}`).toBeGreaterThanOrEqual(5);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(seen.at(-1)).toBe(100);

  // A second upload, on a phone-sized screen, cancelled from the keyboard: focus is on Cancel.
  const address = await hero(page).getByLabel('Image address').inputValue();
  await page.setViewportSize({ width: 390, height: 844 });
  // Slower still (about 100 s for the file), so the checks below (an axe run among them, which
  // takes seconds on a busy machine) finish long before the last byte; the cancel ends it early.
  await setUploadSpeed(cdp, 100 * 1024);
  // A keyboard user chooses the file from the focused file button.
  await upload.focus();
  await upload.setInputFiles({ name: 'other-photo.png', mimeType: 'image/png', buffer: png });
  const bar = progress.getByRole('progressbar');
  await expect.poll(() => bar.evaluate((el) => (el as HTMLProgressElement).value)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  const cancel = progress.getByRole('button', { name: 'Cancel upload' });
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page)).toContainText('Upload Cancelled');
  await expect(progress).toHaveCount(0);
  await expect(upload).toBeEnabled();
  await expect(hero(page).getByLabel('Image address')).toHaveValue(address);
  expect(mediaCount()).toBe(before + 1);

  // The ebook PDF shows the same bar while it is sent.
  await setUploadSpeed(cdp, 1024 * 1024);
  await page.getByRole('button', { name: 'Ebook' }).click();
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n'),
    Buffer.alloc(3 * 1024 * 1024, 0x20),
    Buffer.from('\ntrailer << >>\n%%EOF\n'),
  ]);
  await page
    .locator('#panel-ebook')
    .getByLabel('Upload PDF')
    .setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.locator('#panel-ebook').getByRole('progressbar', { name: /Uploading guide\.pdf/ })).toBeVisible();
  await expect(toast(page)).toContainText('✅ PDF Uploaded', { timeout: 60_000 });
  await expect(page.getByTestId('ebook-pdf-status')).toContainText('A PDF is attached');
});

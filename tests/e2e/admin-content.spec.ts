import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './admin-support';
import {
  anonymousHtml,
  expectNoAxeViolations,
  jpegWithExif,
  openSection,
  ownerSession,
  pngImage,
  sectionLink,
  signInToDashboard,
  toast,
  type OwnerSession,
} from './admin-ui';
import { startServer, type RunningServer } from './server';

/**
 * The dashboard's Site Content editor and its sections, as the owner uses them. What the server
 * decides is asserted below the browser: saving, refusing and restoring content in
 * lib/content/mutations.test.ts, checking and re-encoding uploads in lib/media/media.test.ts.
 */

let server: RunningServer;
// One sign-in for the file: each test opens the dashboard with this session.
let session: OwnerSession;
test.beforeAll(async () => {
  server = await startServer();
  session = await ownerSession(server.url);
});
test.afterAll(async () => {
  await server.stop();
});

const hero = (page: Page) => page.locator('#panel-hero');
const save = (page: Page) => page.getByRole('button', { name: 'Save All Changes' }).click();

test('Site Content: save, validation, changed-elsewhere, history and restore', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToDashboard(page, server.url, { session });
  await openSection(page, 'Site Content');

  // A valid edit is live for the next anonymous visitor.
  await hero(page).getByLabel('Subtitle').fill('Financing for every build, coast to coast.');
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await save(page);
  await expect(toast(page)).toContainText('✅ Content Saved!');
  expect(await anonymousHtml(server.url)).toContain('Financing for every build, coast to coast.');

  // Invalid values: shown next to their fields. That nothing is saved is the server's rule
  // (lib/content/mutations.test.ts, 'returns field errors by path for invalid values and saves nothing').
  await hero(page).getByLabel('Title', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Testimonials' }).click();
  const firstReview = page.locator('#panel-testimonials li').first();
  await firstReview.getByLabel('Rating').fill('6');
  await save(page);
  await expect(toast(page)).toContainText('Some fields need attention; nothing was saved.');
  await expect(hero(page).getByText('This field is required.')).toBeVisible();
  await expect(hero(page).getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(firstReview.getByText('Rating must be a whole number from 1 to 5.')).toBeVisible();

  // Fix the fields: the HTML title is live (what the sanitizer keeps of a title: mutations.test.ts).
  await hero(page).getByLabel('Title', { exact: true }).fill('Build <span class="text-accent">Smarter</span>');
  await firstReview.getByLabel('Rating').fill('4');
  await save(page);
  await expect(toast(page)).toContainText('✅ Content Saved!');
  expect(await anonymousHtml(server.url)).toContain('Build <span class="text-accent">Smarter</span>');

  // Someone else saved meanwhile: the save says so. That it changes nothing is the server's rule
  // (mutations.test.ts, 'refuses a save based on an older revision (changed elsewhere) and saves nothing').
  withDb(server.databasePath, (db) => db.prepare("UPDATE site_content SET revision = revision + 1 WHERE id = 'site'").run());
  await hero(page).getByLabel('Subtitle').fill('A stale edit');
  await save(page);
  await expect(toast(page)).toContainText('⚠️ Changed Elsewhere');
  await expect(toast(page)).toContainText('changed elsewhere since you opened this editor, so nothing was saved');

  // History: every save listed with what changed; restoring the original brings it back.
  page.once('dialog', (dialog) => void dialog.accept()); // discard the unsaved stale edit
  await page.reload();
  await page.getByRole('button', { name: 'History' }).click();
  const revisions = page.getByTestId('revision');
  await expect(revisions.first()).toContainText('hero.title');
  await expect(page.getByText('Content before the first saved change')).toBeVisible();
  await page.getByRole('button', { name: 'Restore revision 1' }).click();
  await expect(toast(page)).toContainText('✅ Revision Restored');
  const restored = await anonymousHtml(server.url);
  expect(restored).toContain('From the first survey stake');
  expect(restored).not.toContain('Smarter');
  await expect(hero(page).getByLabel('Subtitle')).toHaveValue(/From the first survey stake/);
});

test('Site Content: images are uploaded, checked, re-encoded and served with long caching', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToDashboard(page, server.url, { session });
  await openSection(page, 'Site Content');
  const upload = hero(page).getByLabel('Upload image');
  const refused = async (file: Parameters<typeof upload.setInputFiles>[0], message: RegExp) => {
    await upload.setInputFiles(file);
    await expect(toast(page)).toContainText('❌ Upload Failed');
    await expect(hero(page).getByRole('alert')).toContainText(message);
  };
  // The owner sees the server's reason. Which files are refused and why (an SVG drawing, a cut
  // image among them) is asserted in lib/media/media.test.ts and tests/integration/media-refusals.test.ts.
  await refused(
    { name: 'page.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') },
    /not a PNG, JPEG, GIF, WebP, BMP or ICO image/,
  );
  // Too large: refused by the server's body limit before it reads the file (server/body-limits.ts),
  // an answer that reaches the page while the browser is still sending. Chosen from a file on disk,
  // as a person does: handing Chromium 21 MB through the test's connection took 23 s.
  const dir = mkdtempSync(join(tmpdir(), 'clp-upload-'));
  try {
    const huge = join(dir, 'huge.png');
    writeFileSync(huge, Buffer.concat([await pngImage(), Buffer.alloc(21 * 1024 * 1024)]));
    await refused(huge, /largest image accepted is 20 MB/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // A photo is re-encoded without its EXIF data (lib/media/media.test.ts) and served from its own address.
  await upload.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpegWithExif() });
  await expect(toast(page)).toContainText('✅ Image Uploaded');
  const address = hero(page).getByLabel('Image address');
  await expect(address).toHaveValue(/^\/media\/[a-f0-9]{32}\.jpg$/);
  const url = await address.inputValue();
  await save(page);
  await expect(toast(page)).toContainText('✅ Content Saved!');

  const media = await fetch(`${server.url}${url}`);
  expect(media.status).toBe(200);
  expect(media.headers.get('content-type')).toBe('image/jpeg');
  expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

  // The public hero renders it through next/image's optimiser.
  const home = await anonymousHtml(server.url);
  expect(home).toContain(encodeURIComponent(url));
  const optimised = await fetch(`${server.url}/_next/image?url=${encodeURIComponent(url)}&w=640&q=75`);
  expect(optimised.status).toBe(200);
  expect((await fetch(`${server.url}/media/${'0'.repeat(32)}.jpg`)).status).toBe(404);
});

test('Site Content: the ebook PDF is uploaded and offered for download', async ({ page }) => {
  test.setTimeout(120_000);
  expect((await fetch(`${server.url}/ebook/download`)).status).toBe(404);
  await signInToDashboard(page, server.url, { session });
  await openSection(page, 'Site Content');
  await page.getByRole('button', { name: 'Ebook' }).click();
  const pdfInput = page.locator('#panel-ebook').getByLabel('Upload PDF');
  await pdfInput.setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
  await expect(toast(page)).toContainText('This file is not a PDF');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  await pdfInput.setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(toast(page)).toContainText('✅ PDF Uploaded');
  await expect(page.getByTestId('ebook-pdf-status')).toContainText('A PDF is attached');
  await save(page);
  await expect(toast(page)).toContainText('✅ Content Saved!');
  const download = await fetch(`${server.url}/ebook/download`);
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('application/pdf');
  expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
  expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
});

test('Site Content: loan types can be added, reordered and removed; leaving with unsaved changes asks first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToDashboard(page, server.url, { session });
  await openSection(page, 'Site Content');
  await page.getByRole('button', { name: 'Loan Types', exact: true }).click();
  const panel = page.locator('#panel-loanTypes');
  const loans = page.getByTestId('list-loanTypes.loans').locator(':scope > ol > li');
  const count = await loans.count();
  await panel.getByRole('button', { name: 'Add Loan' }).click();
  await expect(loans).toHaveCount(count + 1);
  const added = loans.last();
  await added.getByLabel('Icon').selectOption('Hammer');
  await added.getByLabel('Title', { exact: true }).fill('Barndominium Loans');
  await added.getByLabel('Description').fill('Steel-frame homes with shop space, financed like any custom build.');
  await panel.getByRole('button', { name: 'Move Barndominium Loans up' }).click();

  // Leaving the section with unsaved edits asks first; declining stays.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('You have unsaved changes. Leave without saving them?');
    void dialog.dismiss();
  });
  await sectionLink(page, 'Rates').click();
  await expect(sectionLink(page, 'Site Content')).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(`${server.url}/admin/content`);
  await expect(panel.getByRole('button', { name: 'Remove Barndominium Loans' })).toBeVisible();

  await save(page);
  await expect(toast(page)).toContainText('✅ Content Saved!');
  const home = await anonymousHtml(server.url);
  expect(home).toContain('Barndominium Loans');

  // Leaving the page with unsaved edits asks too (beforeunload).
  await panel.getByRole('button', { name: 'Remove Barndominium Loans' }).click();
  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.accept())));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
});

test('the sections are links with the current one marked; leaving unsaved edits asks, and accepting leaves', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToDashboard(page, server.url, { session });
  await openSection(page, 'Site Content');
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav.getByRole('link')).toHaveText([
    'Overview',
    'Site Content',
    'Rates',
    'Blog',
    'Licenses',
    'Ad archive',
    'Leads',
    'Loan Files',
    'Payments',
    'Site Speed',
    'Integrations',
    'Settings',
    'Security',
  ]);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(['Site Content']);
  // The current section is marked visibly too, not only for assistive technology.
  const weight = (name: 'Site Content' | 'Rates') => sectionLink(page, name).evaluate((el) => getComputedStyle(el).fontWeight);
  expect(Number(await weight('Site Content'))).toBeGreaterThan(Number(await weight('Rates')));

  // Without edits, no question; each section has its own address, title and data.
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  await openSection(page, 'Rates');
  await expect(page).toHaveURL(`${server.url}/admin/rates`);
  await expect(page).toHaveTitle('Rates | Admin Dashboard | Construction Loan Pros');
  await expect(page.getByRole('button', { name: 'Add New Rate' })).toBeVisible();
  await openSection(page, 'Site Content');
  page.removeAllListeners('dialog');

  await hero(page).getByLabel('Subtitle').fill('An edit I decide to drop');
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await sectionLink(page, 'Blog').click();
  expect(await asked).toBe('You have unsaved changes. Leave without saving them?');
  await expect(page).toHaveURL(`${server.url}/admin/blog`);
  await expect(sectionLink(page, 'Blog')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Blog Posts' })).toBeVisible();
  expect(await anonymousHtml(server.url)).not.toContain('An edit I decide to drop');

  // /admin opens the Overview.
  await page.goto(`${server.url}/admin`);
  await expect(sectionLink(page, 'Overview')).toHaveAttribute('aria-current', 'page');
});

test('the upload route refuses other origins and requests without a session, and stores nothing', async () => {
  const formWithPdf = () => {
    const body = new FormData();
    body.set('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'x.pdf');
    return body;
  };
  const upload = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/admin/media?kind=pdf`, { method: 'POST', headers, body: formWithPdf() });
  const count = () => withDb(server.databasePath, (db) => db.prepare('SELECT count(*) AS n FROM media').get() as { n: number }).n;
  const before = count();
  expect((await upload({ Origin: server.url })).status).toBe(401);
  const cookie = `${session.name}=${session.value}`;
  expect((await upload({ Origin: 'https://evil.example', Cookie: cookie })).status).toBe(403);
  expect((await upload({ Cookie: cookie })).status).toBe(403);
  expect(count()).toBe(before);
  // A body of unstated length (chunked) is refused before it is read.
  const form = new Response(formWithPdf());
  const chunked = await fetch(`${server.url}/api/admin/media?kind=pdf`, {
    method: 'POST',
    headers: { Origin: server.url, Cookie: cookie, 'Content-Type': form.headers.get('content-type')! },
    body: form.body,
    duplex: 'half',
  } as RequestInit);
  expect(chunked.status).toBe(411);
  expect(await chunked.json()).toEqual({ error: 'The upload must state its size (Content-Length).' });
  expect(count()).toBe(before);
  const ok = await upload({ Origin: server.url, Cookie: cookie });
  expect(ok.status).toBe(200);
  expect(await ok.json()).toMatchObject({ url: expect.stringMatching(/^\/media\/[a-f0-9]{32}\.pdf$/) });
});

test('axe finds no violations on any dashboard section at phone and desktop widths', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToDashboard(page, server.url, { session });
  // Each section and state is opened once and checked at both widths by resizing the page: a
  // width changes the layout (and so what axe may find: contrast, scrolling regions), never the
  // markup, as no dashboard script reads the width. The width alternates, saving a resize.
  let width = 390;
  const atBothWidths = async () => {
    for (let i = 0; i < 2; i++) {
      if (i === 1) width = width === 390 ? 1280 : 390;
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
  };
  for (const section of ['Site Content', 'Rates', 'Blog', 'Leads', 'Loan Files', 'Payments', 'Site Speed', 'Security'] as const) {
    await openSection(page, section);
    await atBothWidths();
    if (section === 'Site Content') {
      // With its history and a second panel open.
      await page.getByRole('button', { name: 'History' }).click();
      await page.getByRole('button', { name: 'Testimonials' }).click();
      await expect(page.locator('#content-history')).toBeVisible();
      await expect(page.locator('#panel-testimonials')).toBeVisible();
      await atBothWidths();
    }
    if (section === 'Blog') {
      // The post editor, which takes the list's place.
      await page.getByRole('button', { name: 'Add New Post' }).click();
      await expect(page.getByRole('textbox', { name: 'Post Content' })).toBeVisible();
      await atBothWidths();
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
  }
});

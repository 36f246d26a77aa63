import { expect, test } from '@playwright/test';
import { formatCents } from '../../lib/calculators/exact';
import { runConstructionToPermanent } from '../../lib/calculators/runs/construction-to-permanent';
import { unzipped } from '../support/unzip';
import { withDb } from './admin-support';
import { anonymousHtml, expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { startServer, type RunningServer } from './server';

/**
 * The ad archive (issue 31, point 5; Regulation N, 12 CFR 1014.5): the owner edits a rate, then
 * the archive shows the rates page as it was before the edit, rendered by the site's own
 * components under its 'As of' banner, and as it is after; the export's ZIP holds the same page
 * as HTML (rendered by the view itself, over the server's loopback), and each view and the export
 * are in the activity log.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

/** A moment as the archive's fields take it: UTC, to the second. */
const field = (date: Date) => date.toISOString().slice(0, 19);
const folder = (iso: string) => `snapshots/${iso.replace(/:/g, '-')}`;

test('the archive shows the rates page as it was before an edit', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToDashboard(page, server.url);
  // The archive starts with what the site showed at its first start, seconds ago.
  const before = new Date();
  const oldRate = /data-rate-figure="rate">([\d.]+%)</.exec(await anonymousHtml(server.url, '/rates'))![1]!;
  expect(oldRate).not.toBe('5.25%');

  await openSection(page, 'Rates');
  const row = page.getByTestId('rate-row').first();
  // Below every seed rate's APR, so the rate alone is a valid save.
  await row.getByLabel('Rate', { exact: true }).fill('5.25%');
  await row.getByLabel('Term').focus(); // leaving the field saves it
  await expect(row.getByRole('status')).toHaveText('Saved.');
  expect(await anonymousHtml(server.url, '/rates')).toContain('data-rate-figure="rate">5.25%<');

  // The site as of just before the edit: pick the moment, then open the rates page.
  await openSection(page, 'Ad archive');
  await expect(page).toHaveTitle('Ad archive | Admin Dashboard | Construction Loan Pros');
  await page.getByLabel('Date and time (UTC)').fill(field(before));
  await page.getByRole('button', { name: 'Show the site then' }).click();
  await page.getByTestId('archive-pages').getByRole('link', { name: 'Rates', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/archive\/view\?at=.*&page=%2Frates$/);
  await expect(page.getByTestId('archive-banner')).toContainText('As of');
  await expect(page.getByTestId('archive-banner')).toContainText('/rates');
  const archived = page.locator('[data-archived-page="/rates"]');
  await expect(archived.locator('[data-rate-figure="rate"]').first()).toHaveText(oldRate);
  await expect(archived).not.toContainText('5.25%');
  // Not for search engines, whatever the admin's headers say.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // A calculator starts from the first rate: as of before the edit, the old one, with the
  // figures computed from it (the actions are the site's code: a marked box stands in).
  const oldPercent = oldRate.replace('%', '');
  await page.goto(`${server.url}/admin/archive/view?at=${field(before)}&page=%2Fcalculators%2Fconstruction-to-permanent`);
  const calculator = page.locator('[data-archived-page="/calculators/construction-to-permanent"]');
  await expect(calculator.getByRole('heading', { level: 1 })).toHaveText('Construction-to-Permanent Payment Calculator');
  await expect(calculator.getByLabel('Interest rate')).toHaveValue(oldPercent);
  const run = runConstructionToPermanent({ amount: '400000', rate: oldPercent, years: '30', points: '1' });
  await expect(calculator.getByTestId('payment')).toHaveText(formatCents(run.result.paymentCents));
  await expect(calculator).toContainText('[The page’s apply button and estimate form: part of the site’s code');
  await expectNoAxeViolations(page);

  // As of now, the edit shows.
  await page.goto(`${server.url}/admin/archive/view?at=${encodeURIComponent(new Date().toISOString())}&page=%2Frates`);
  await expect(page.locator('[data-archived-page="/rates"] [data-rate-figure="rate"]').first()).toHaveText('5.25%');

  // The export of the range: the rates page before the edit, as HTML, and the versions as JSON.
  const to = new Date();
  const response = await page.request.get(
    `${server.url}/api/admin/archive/export?from=${field(before)}&to=${encodeURIComponent(to.toISOString())}`,
  );
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/zip');
  const files = await unzipped(await response.body());
  const start = new Date(`${field(before)}Z`).toISOString();
  const rates = files.get(`${folder(start)}/rates.html`)?.toString('utf8') ?? '';
  expect(rates).toContain(`data-rate-figure="rate">${oldRate}<`);
  expect(rates).not.toContain('5.25%');
  expect(rates).toContain('<style>');
  expect(rates).not.toMatch(/<script\b[^>]*\bsrc=/);
  // The calculators too, each at the moment before the edit and again at the edit (they start
  // from the first rate).
  const rateField = (percent: string) => new RegExp(`name="rate"[^>]*value="${percent.replace('.', '\\.')}"`);
  const payments = [...files].filter(([name]) => name.endsWith('/calculators/construction-to-permanent.html'));
  expect(payments).toHaveLength(2);
  expect(files.get(`${folder(start)}/calculators/construction-to-permanent.html`)?.toString('utf8')).toMatch(
    rateField(oldPercent),
  );
  expect(payments.some(([, html]) => rateField('5.25').test(html.toString('utf8')))).toBe(true);
  const versions = JSON.parse(files.get('versions.json')!.toString('utf8')) as { source: string }[];
  expect(versions.filter((v) => v.source === 'rates')).toHaveLength(2);

  const logged = withDb(server.databasePath, (db) =>
    db.prepare("SELECT action FROM activity_log WHERE action LIKE 'archive_%' ORDER BY at").all(),
  );
  // Three views (the rates twice, the calculator once), then the export, logged once.
  expect(logged.map((entry) => (entry as { action: string }).action)).toEqual([
    'archive_viewed',
    'archive_viewed',
    'archive_viewed',
    'archive_exported',
  ]);
});

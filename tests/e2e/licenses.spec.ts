import { expect, test } from '@playwright/test';
import { TEXAS_NOTICE } from '../../lib/licenses/state-notices';
import { withDb } from './admin-support';
import { anonymousHtml, expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { expectToast } from './leads-support';
import { startServer, type RunningServer } from './server';

/**
 * State licenses (issue 31, point 3): the owner adds a Texas license in the admin, where choosing
 * Texas fills in the rule's notice; /licenses then shows the table and the Texas notice, rendered
 * by the server (no script needed) and accessible; a removal takes both off the page and leaves
 * the row and a log entry behind.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const licenseRows = () =>
  withDb(server.databasePath, (db) => db.prepare('SELECT state, license_number, removed_at FROM state_licenses').all());

test('the owner adds a Texas license; /licenses shows it in a table with the Texas notice', async ({ page }) => {
  test.setTimeout(120_000);
  // Before any license the page reads as it always did.
  expect(await anonymousHtml(server.url, '/licenses')).not.toContain('license-table');

  await signInToDashboard(page, server.url);
  await openSection(page, 'Licenses');
  await expect(page).toHaveTitle('Licenses | Admin Dashboard | Construction Loan Pros');
  await expectNoAxeViolations(page);

  const form = page.getByTestId('license-add-form');
  // A plain-http address is refused by its field; nothing is stored.
  await form.getByLabel('State', { exact: true }).selectOption('TX');
  await expect(form.getByLabel('Notice this state requires on the website (optional)')).toHaveValue(TEXAS_NOTICE);
  await expect(form.getByLabel('Regulator', { exact: true })).toHaveValue('Texas Department of Savings and Mortgage Lending');
  await form.getByLabel('License type').fill('Residential Mortgage Loan Company License');
  await form.getByLabel('License number').fill('1234567');
  await form.getByLabel('Regulator’s website (optional)').fill('http://www.sml.texas.gov/');
  await form.getByRole('button', { name: 'Add license' }).click();
  await expectToast(page, '❌ License Not Added');
  await expect(form.getByLabel('Regulator’s website (optional)')).toHaveAttribute('aria-invalid', 'true');
  expect(licenseRows()).toEqual([]);

  await form.getByLabel('Regulator’s website (optional)').fill('https://www.sml.texas.gov/');
  await form.getByRole('button', { name: 'Add license' }).click();
  await expectToast(page, '✅ License Added');
  const card = page.getByTestId('license').filter({ hasText: 'Texas: Residential Mortgage Loan Company License' });
  await expect(card).toContainText('No. 1234567');
  await expectNoAxeViolations(page);

  // The public page, as an anonymous visitor's first request gets it from the server.
  const html = await anonymousHtml(server.url, '/licenses');
  expect(html).toContain('State licenses and registrations held by Construction Loan Pros');
  expect(html).toContain('1234567');
  expect(html).toContain('Texas Consumer Complaint and Recovery Fund Notice');
  expect(html).toContain('Required by 7 TAC §81.200(c).');
  // The page keeps what it showed before: the owner's text, the NMLS record, how rates are quoted.
  expect(html).toContain('Verify our licenses at NMLS Consumer Access');
  expect(html).toContain('How we quote rates');

  await page.goto(`${server.url}/licenses`);
  const table = page.getByRole('table', { name: 'State licenses and registrations held by Construction Loan Pros' });
  await expect(table.getByRole('rowheader', { name: 'Texas' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Texas Department of Savings and Mortgage Lending' })).toHaveAttribute(
    'href',
    'https://www.sml.texas.gov/',
  );
  await table.getByRole('link', { name: 'Texas notice' }).click();
  const notice = page.getByRole('region', { name: 'Texas Consumer Complaint and Recovery Fund Notice' });
  await expect(notice).toBeInViewport();
  await expect(notice).toContainText('THE DEPARTMENT MAINTAINS A RECOVERY FUND');
  // 7 TAC §55.3: at least 12 points (16 px).
  expect(
    parseFloat(
      await notice
        .locator('p')
        .last()
        .evaluate((p) => getComputedStyle(p).fontSize),
    ),
  ).toBeGreaterThanOrEqual(16);
  // The footer still links here.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Licenses & Disclosures' })).toHaveAttribute(
    'href',
    '/licenses',
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  // Removed: off the page at once; the row stays for the ad archive, the log names it.
  await signInToDashboard(page, server.url, { path: '/admin/licenses' });
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Remove Texas Residential Mortgage Loan Company License 1234567' }).click();
  await expectToast(page, '🗑️ License Removed');
  expect(await anonymousHtml(server.url, '/licenses')).not.toContain('Texas Consumer Complaint and Recovery Fund Notice');
  expect(licenseRows()).toEqual([{ state: 'TX', license_number: '1234567', removed_at: expect.any(String) }]);
  const logged = withDb(server.databasePath, (db) =>
    db.prepare("SELECT action FROM activity_log WHERE action LIKE 'license_%' ORDER BY at").all(),
  );
  expect(logged).toEqual([{ action: 'license_added' }, { action: 'license_removed' }]);
});

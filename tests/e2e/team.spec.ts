import { expect, test } from '@playwright/test';
import { withDb } from './admin-support';
import { anonymousHtml, expectNoAxeViolations, openSection, pngImage, signInToDashboard } from './admin-ui';
import { expectToast, fillFields } from './leads-support';
import { startServer, type RunningServer } from './server';
import { addAccount } from './team-support';

/**
 * Loan officer profiles (issue 31, point 1): the owner gives a loan officer a profile in
 * Security > Team (photo, NMLS ID, states, languages); /team and the profile page are rendered by
 * the server, pass axe and carry the officer's NMLS ID linked to NMLS Consumer Access beside the
 * company's, with JSON-LD; a message sent from the profile's own link is assigned to that officer.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ env: { SPAM_MIN_FILL_SECONDS: '0', LEAD_RATE_LIMIT: '1000' } });
  await addAccount(server.databasePath, {
    id: 'officer-jane',
    email: 'jane@example.com',
    role: 'loan_officer',
    name: 'Jane Doe',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const JANE_NMLS = '654321';
const INDIVIDUAL = `https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/${JANE_NMLS}`;

test('the owner publishes a profile; /team and /team/jane-doe show it with the NMLS IDs, accessibly', async ({ page }) => {
  test.setTimeout(120_000);
  // Before any profile the page says so, and the footer links to it from every page.
  expect(await anonymousHtml(server.url, '/team')).toContain('Our loan officers’ profiles will be listed here.');

  await signInToDashboard(page, server.url);
  await openSection(page, 'Security');
  const card = page.getByTestId('officer-profile').filter({ hasText: 'Jane Doe' });
  await expect(card).toContainText('No profile yet');
  await card.getByText('Create a profile for Jane Doe').click();
  const form = card.getByTestId('officer-profile-form');
  await expect(form.getByLabel('Name shown on the site')).toHaveValue('Jane Doe');

  // A refused NMLS ID is marked by its field and stores nothing.
  await form.getByLabel('NMLS ID').fill('NMLS 654321');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expectToast(page, '❌ Profile Not Saved');
  await expect(form.getByLabel('NMLS ID')).toHaveAttribute('aria-invalid', 'true');
  expect(withDb(server.databasePath, (db) => db.prepare('SELECT count(*) AS n FROM officer_profiles').get())).toEqual({ n: 0 });

  await form.getByLabel('Title (optional)').fill('Senior Loan Officer');
  await form.getByLabel('NMLS ID').fill(JANE_NMLS);
  await form.getByLabel('Upload photo').setInputFiles({ name: 'jane.png', mimeType: 'image/png', buffer: await pngImage() });
  await expectToast(page, '✅ Photo Uploaded');
  const states = form.getByRole('group', { name: 'States licensed in' });
  await states.getByLabel('Texas').check();
  await states.getByLabel('Idaho').check();
  await form.getByRole('group', { name: 'Languages spoken' }).getByLabel('Spanish').check();
  await form.getByLabel('Short bio (optional)').fill('Builds in Boise and Austin.\n\nTwenty years of construction loans.');
  await form.getByLabel(/^Published/).check();
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expectToast(page, '✅ Profile Saved', 'Jane Doe’s profile is public at /team/jane-doe.');
  await expect(card).toContainText(`Published at /team/jane-doe · NMLS ID ${JANE_NMLS}`);
  await expectNoAxeViolations(page);

  // The list, as an anonymous visitor's first request gets it from the server.
  const list = await anonymousHtml(server.url, '/team');
  expect(list).toContain('Jane Doe');
  expect(list).toContain(`NMLS ID</dt><dd>${JANE_NMLS}`);
  expect(list).toContain(INDIVIDUAL);
  expect(list).toContain('Idaho and Texas');
  expect(list).toContain('"@type":"Person"');

  await page.goto(`${server.url}/team`);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Loan Officers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'verify Jane Doe at NMLS Consumer Access' })).toHaveAttribute('href', INDIVIDUAL);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Our Loan Officers' })).toHaveAttribute('href', '/team');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  await page.getByRole('link', { name: 'Jane Doe', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/team/jane-doe`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Doe' })).toBeVisible();
  await expect(page.getByText('Senior Loan Officer', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'verify Jane Doe at NMLS Consumer Access' })).toHaveAttribute('href', INDIVIDUAL);
  await expect(page.getByRole('link', { name: /verify Construction Loan Pros at NMLS Consumer Access/ })).toHaveAttribute(
    'href',
    /EntityDetails\.aspx\/COMPANY\//,
  );
  await expect(page.locator('img[src*="media"]')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Apply with Jane Doe' })).toHaveAttribute('href', '/apply?officer=jane-doe');
  await expect(page.getByRole('link', { name: 'Message Jane Doe' })).toHaveAttribute('href', '/contact?officer=jane-doe');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as object;
  expect(jsonLd).toMatchObject({
    '@type': 'Person',
    name: 'Jane Doe',
    identifier: { propertyID: 'NMLS', value: JANE_NMLS },
    worksFor: { '@type': 'FinancialService', name: 'Construction Loan Pros', identifier: { propertyID: 'NMLS' } },
  });
  // Listed for search engines.
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  for (const path of ['/team', '/team/jane-doe']) expect(sitemap).toContain(`${path}</loc>`);
});

test('a message sent from the profile’s own link is assigned to that officer', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${server.url}/team/jane-doe`);
  await page.getByRole('link', { name: 'Message Jane Doe' }).click();
  await expect(page).toHaveURL(`${server.url}/contact?officer=jane-doe`);
  await expect(page.getByRole('heading', { level: 1, name: 'Message Jane Doe' })).toBeVisible();
  await expect(page.getByText(`NMLS ID ${JANE_NMLS}`)).toBeVisible();
  await expect(page.locator('input[type="hidden"][name="officer"]')).toHaveValue('jane-doe');
  await expectNoAxeViolations(page);

  // The page's own form (every page also holds the header's contact dialog, closed).
  const main = page.getByRole('main');
  await fillFields(main, {
    from_name: 'Ann Lee',
    from_email: 'ann@example.com',
    message: 'We want to build in Austin next spring.',
  });
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(main.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
  const assigned = () =>
    withDb(server.databasePath, (db) => db.prepare(`SELECT assignee_id FROM leads WHERE email = 'ann@example.com'`).all());
  await expect.poll(assigned).toEqual([{ assignee_id: 'officer-jane' }]);

  // The application carries the officer too (/apply?officer=… is made per request), and /contact itself stays the same page.
  await page.goto(`${server.url}/apply?officer=jane-doe`);
  await expect(page.getByText(`Your application goes to Jane Doe, NMLS ID ${JANE_NMLS}`)).toBeVisible();
  await expect(page.locator('input[type="hidden"][name="officer"]')).toHaveValue('jane-doe');
  expect(await anonymousHtml(server.url, '/contact')).not.toContain('name="officer"');
  // A slug that names no published profile gives the plain form.
  expect(await anonymousHtml(server.url, '/contact?officer=nobody')).not.toContain('name="officer"');
});

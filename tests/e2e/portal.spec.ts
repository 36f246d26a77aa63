import { expect, test, type Page } from '@playwright/test';
import { builderLink, updateBuilder } from '../../lib/loan-files/builder.server';
import { EICAR, startClamd, type RunningClamd } from '../support/clamd';
import { startSmtp } from '../support/mail';
import { signInToDashboard, expectNoAxeViolations as expectNoAdminAxeViolations, toast } from './admin-ui';
import { expectNoAxeViolations, MAIL_ENV } from './leads-support';
import {
  applicationWithFile,
  builderApplication,
  linkIn,
  mailTo,
  pdfBytes,
  submitApplication,
  withDatabase,
} from './portal-support';
import { freePort, startServer, type RunningServer } from './server';

/**
 * The borrower's portal and the builder's link (issue 30): an application with own land and a
 * builder opens a loan file whose needs list holds the builder's package; the borrower signs in by
 * an e-mailed one-time link (real SMTP peer) and sends documents with and without JavaScript, at
 * phone and desktop widths; the builder's link shows the builder's items only.
 */

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let clamd: RunningClamd;
let fileId: string;

test.beforeAll(async () => {
  // Every upload is scanned by a real clamd whose only signature is the EICAR test string's.
  [smtp, clamd] = await Promise.all([startSmtp(), startClamd()]);
  const port = await freePort();
  server = await startServer({
    port,
    env: {
      SITE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      ...MAIL_ENV,
      SPAM_MIN_FILL_SECONDS: '0',
      LEAD_RATE_LIMIT: '1000',
      CLAMD_SOCKET: clamd.socketPath,
    },
  });
  fileId = await applicationWithFile(server.url, builderApplication, server.databasePath);
});
test.afterAll(async () => {
  await server?.stop();
  await Promise.all([smtp?.stop(), clamd?.stop()]);
});

const BORROWER = builderApplication.email!;

/** Asks for a sign-in link on /portal and follows it from the e-mail; the page then shows the file. */
async function signIn(page: Page, email = BORROWER) {
  const before = smtp.mails.length;
  await page.goto(`${server.url}/portal`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('If a loan file uses that address');
  const mail = await mailTo(smtp.mails, email, /sign-in link/, before);
  await page.goto(linkIn(mail, `${server.url}/portal/sign-in?token=`));
  await page.getByRole('button', { name: 'Open my loan file' }).click();
  await expect(page.getByRole('heading', { name: 'Your construction loan' })).toBeVisible();
}

const item = (page: Page, label: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });

test('the needs list of an application with own land and a builder holds the deed, the payoff, and the builder’s package', async () => {
  const items = await withDatabase(server.databasePath, (db) =>
    db.selectFrom('loan_file_items').select(['label', 'owed_by']).where('file_id', '=', fileId).orderBy('position').execute(),
  );
  const labels = items.map((row) => row.label).join('\n');
  for (const wanted of [/deed/i, /payoff/i, /builder.*license/i, /insurance/i, /contract/i, /budget/i, /plans/i])
    expect(labels).toMatch(wanted);
  expect(
    items
      .filter((row) => row.owed_by === 'builder')
      .map((row) => row.label)
      .join('\n'),
  ).toMatch(/insurance/i);
});

test('a borrower signs in by the e-mailed link and sends a document with JavaScript, with its progress; the link works once', async ({
  page,
}) => {
  await signIn(page);
  const signInMail = await mailTo(smtp.mails, BORROWER, /sign-in link/);
  await expectNoAxeViolations(page);
  await expect(page.getByRole('listitem').filter({ hasText: 'Application received' })).toHaveAttribute('aria-current', 'step');

  const photoId = item(page, 'Photo ID');
  await photoId
    .getByLabel(/Choose a file for/)
    .setInputFiles({ name: 'license.pdf', mimeType: 'application/pdf', buffer: pdfBytes('photo-id') });
  await photoId.getByRole('button', { name: 'Send file' }).click();
  await expect(photoId.getByRole('status')).toHaveText(/your file was received/);
  await expect(photoId.getByText('Received: in review')).toBeVisible();
  await expect(photoId.getByText(/license\.pdf/)).toBeVisible();
  await expect(photoId.getByRole('button', { name: 'Take a photo' })).toBeVisible();

  // The same link again: spent.
  await page.context().clearCookies();
  await page.goto(linkIn(signInMail, `${server.url}/portal/sign-in?token=`));
  await page.getByRole('button', { name: 'Open my loan file' }).click();
  await expect(page.getByRole('status')).toContainText('expired or was already used');
});

test('without JavaScript, on a phone, the borrower signs in and sends a document as a plain form; the page answers and passes axe', async ({
  browser,
}) => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  const deed = item(page, 'Deed to the land');
  await deed
    .getByLabel(/Choose a file for/)
    .setInputFiles({ name: 'deed.pdf', mimeType: 'application/pdf', buffer: pdfBytes('deed') });
  await deed.getByRole('button', { name: 'Send file' }).click();
  await expect(item(page, 'Deed to the land').getByRole('status')).toHaveText(/your file was received/);
  await expect(item(page, 'Deed to the land').getByText('Received: in review')).toBeVisible();
  // Not a document: refused by its bytes, and said so.
  const stubs = item(page, 'Pay stubs, last 30 days');
  await stubs
    .getByLabel(/Choose a file for/)
    .setInputFiles({ name: 'stubs.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html>not a pdf</html>') });
  await stubs.getByRole('button', { name: 'Send file' }).click();
  await expect(item(page, 'Pay stubs, last 30 days').getByRole('status')).toHaveText(/not a PDF, JPEG, PNG or HEIC/);
  await expect(item(page, 'Pay stubs, last 30 days').getByText('Needed')).toBeVisible();
  expect(page.url()).toContain('upload=type');

  // axe needs a script of its own: the same page, signed in, in a phone whose page scripts never arrive.
  const checked = await browser.newContext({ ...phone, storageState: await context.storageState() });
  const scriptless = await checked.newPage();
  await scriptless.route('**/_next/static/**/*.js', (route) => route.abort());
  await scriptless.goto(page.url());
  await expect(scriptless.getByRole('heading', { name: 'Your construction loan' })).toBeVisible();
  expect(await scriptless.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(scriptless);
  await checked.close();
  await context.close();
});

test('the builder’s link shows the builder’s items only, nothing of the borrower’s finances, and takes their upload', async ({
  page,
}) => {
  const link = await withDatabase(server.databasePath, async (db) => {
    await updateBuilder(db, fileId, { name: 'Ridge Line Homes', email: 'office@ridgeline.example', license: 'RCE-12345' });
    return builderLink(db, fileId, { siteUrl: server.url });
  });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Builder documents' })).toBeVisible();
  const headings = await page.getByRole('heading', { level: 3 }).allTextContents();
  expect(headings.join('\n')).toMatch(/insurance/i);
  for (const borrowers of [/photo id/i, /bank statements/i, /pay stubs/i, /deed/i])
    expect(headings.join('\n')).not.toMatch(borrowers);
  const text = await page.locator('main').innerText();
  for (const finance of ['18500', '240000', '760', 'Acme Engineering', builderApplication.email!])
    expect(text).not.toContain(finance);

  const insurance = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /insurance/i }) });
  await insurance
    .getByLabel(/Choose a file for/)
    .setInputFiles({ name: 'coi.pdf', mimeType: 'application/pdf', buffer: pdfBytes('coi') });
  await insurance.getByRole('button', { name: 'Send file' }).click();
  await expect(insurance.getByRole('status')).toHaveText(/your file was received/);
  await expectNoAxeViolations(page);

  // A made-up token shows nothing.
  await page.goto(`${server.url}/portal/builder/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
});

/** Sends a file for an item from the borrower's portal (with JavaScript) and waits for the answer. */
async function sendFor(page: Page, label: string, file: { name: string; buffer: Buffer }, answer: RegExp) {
  const row = item(page, label);
  await row.getByLabel(/Choose a file for/).setInputFiles({ ...file, mimeType: 'application/pdf' });
  await row.getByRole('button', { name: 'Send file' }).click();
  await expect(row.getByRole('status')).toHaveText(answer);
}

test('the owner opens a file from the lead, reviews a document, rejects it with a reason the borrower receives, accepts the new one, and the milestone e-mails the borrower', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = 'riley.review@example.com';
  const leadId = await submitApplication(
    server.url,
    { ...builderApplication, email, borrowerName: 'Riley Review' },
    server.databasePath,
  );

  // Signed in on the Overview first: a page opened with ?lead= shows the lead's dialog, which (modal)
  // hides the dashboard's heading the sign-in helper waits for, as soon as the page has hydrated.
  await signInToDashboard(page, server.url);
  await page.goto(`${server.url}/admin/leads?lead=${leadId}`);
  await page.getByRole('button', { name: 'Open loan file' }).click();
  await page.getByRole('link', { name: 'View loan file' }).click();
  await expect(page.getByRole('heading', { name: /Riley Review/ })).toBeVisible();
  for (const label of [
    'Deed to the land',
    'Payoff statement for the land',
    'Builder’s license',
    'Builder’s insurance certificate',
    'Signed construction contract',
    'Line-item budget',
    'Plans and specifications',
  ])
    await expect(page.getByRole('article', { name: label.replace('’', "'") })).toBeVisible();

  const borrowerContext = await browser.newContext();
  const borrower = await borrowerContext.newPage();
  await signIn(borrower, email);
  await sendFor(borrower, 'Photo ID', { name: 'blurry-id.pdf', buffer: pdfBytes('blurry') }, /your file was received/);
  // A file carrying the EICAR test string is set aside, and the item still waits for a good one.
  await sendFor(
    borrower,
    'Bank statements, last 2 months',
    { name: 'statement.pdf', buffer: Buffer.concat([pdfBytes('x'), Buffer.from(EICAR)]) },
    /virus check flagged/,
  );
  await expect(item(borrower, 'Bank statements, last 2 months').getByText('Needed')).toBeVisible();

  await page.reload();
  const photoId = page.getByRole('article', { name: 'Photo ID' });
  await expect(photoId).toHaveAttribute('data-state', 'uploaded');
  const view = photoId.getByRole('link', { name: /View blurry-id\.pdf/ });
  const viewed = await page.request.get(new URL((await view.getAttribute('href'))!, server.url).href);
  expect(viewed.headers()['content-type']).toBe('application/pdf');
  expect((await viewed.body()).toString('latin1')).toContain('blurry');
  await expect(page.getByRole('article', { name: 'Bank statements, last 2 months' }).getByText(/Quarantined/)).toBeVisible();
  await expectNoAdminAxeViolations(page);

  const reason = 'The photo is blurry: please send a sharper copy showing all four corners.';
  await photoId.getByLabel('Reason for rejecting').fill(reason);
  await photoId.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page).first()).toBeVisible();
  const rejection = await mailTo(smtp.mails, email, /Please send again: Photo ID/);
  expect(rejection.text).toContain(reason);

  await borrower.reload();
  await expect(item(borrower, 'Photo ID').getByText(reason)).toBeVisible();
  await sendFor(borrower, 'Photo ID', { name: 'sharp-id.pdf', buffer: pdfBytes('sharp') }, /your file was received/);

  await page.reload();
  await page.getByRole('article', { name: 'Photo ID' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('article', { name: 'Photo ID' })).toHaveAttribute('data-state', 'accepted');

  const milestone = page.getByTestId('milestone-form');
  await milestone.getByLabel('Milestone').selectOption({ label: 'Pre-qualified' });
  await expect(milestone.getByLabel('Tell the borrower by e-mail')).toBeChecked();
  await milestone.getByRole('button', { name: 'Set milestone' }).click();
  await mailTo(smtp.mails, email, /Your loan has reached: Pre-qualified/);

  // The owner's page of needs-list templates and milestone names passes axe too.
  await page.goto(`${server.url}/admin/loan-files/templates`);
  await expect(page.getByRole('heading', { name: 'Needs list and milestones' })).toBeVisible();
  await expectNoAdminAxeViolations(page);

  await borrower.reload();
  await expect(borrower.getByRole('listitem').filter({ hasText: 'Pre-qualified' })).toHaveAttribute('aria-current', 'step');
  await expect(item(borrower, 'Photo ID').getByText('Accepted')).toBeVisible();
  await borrowerContext.close();
});

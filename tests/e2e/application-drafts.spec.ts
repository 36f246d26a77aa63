import { expect, test, type Locator, type Page } from '@playwright/test';
import { startSmtp, type ReceivedMail } from '../support/mail';
import { HYDRATED_ATTRIBUTE } from '../../lib/site/deferred-boot-markers';
import { withDb } from './admin-support';
import { signInToDashboard } from './admin-ui';
import { bootPage } from './boot';
import { MAIL_ENV, expectNoAxeViolations, fillFields, fullApplication, pick, step1Names, storedLeads } from './leads-support';
import { freePort, startServer, type RunningServer } from './server';

/**
 * Drafts of the application (issue 19): the browser keeps one as the visitor types (a reload or a
 * closed dialog loses nothing, a shared computer keeps nothing once the tab is gone), 'Save and
 * finish later' e-mails a resume link (real SMTP peer) that opens every field and the step in any
 * browser, submitting deletes the draft, and a link to /apply may prefill fields, without
 * JavaScript too. The admin lists the unfinished applications.
 */

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  smtp = await startSmtp();
  // SITE_URL is the address the resume links point at: this server's own.
  const port = await freePort();
  server = await startServer({
    port,
    env: {
      SITE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      ...MAIL_ENV,
      SPAM_MIN_FILL_SECONDS: '0',
      LEAD_RATE_LIMIT: '1000',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const step1 = pick(fullApplication, step1Names);
const DRAFT_KEY = 'clp.application-draft';

async function resumeLink(mails: ReceivedMail[], to: string): Promise<string> {
  await expect.poll(() => mails.filter((mail) => mail.to.includes(to)).length).toBeGreaterThan(0);
  const mail = mails.filter((m) => m.to.includes(to)).at(-1)!;
  expect(mail.headers.subject).toBe('Finish your construction loan application');
  return /^(http\S+\/apply\?resume=\S+)$/m.exec(mail.text)![1]!;
}

/** Every named field holds its value (radios checked, selects chosen). */
async function expectValues(scope: Locator, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === '') continue;
    const control = scope.locator(`[name="${name}"]`);
    if ((await control.first().getAttribute('type')) === 'radio')
      await expect(scope.locator(`[name="${name}"][value="${value}"]`)).toBeChecked();
    else await expect(control).toHaveValue(value);
  }
}

/** The application in its two steps (a resumed draft on /apply). */
const stepsForm = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('progressbar', { name: 'Application progress' }) });

const drafts = () => withDb(server.databasePath, (db) => db.prepare('SELECT email, step, consent FROM application_drafts').all());

async function saveForLater(scope: Locator, email: string) {
  await scope.getByRole('button', { name: 'Save and finish later' }).click();
  await scope.getByLabel('Your e-mail address').fill(email);
  await scope.getByRole('button', { name: 'Email me the link' }).click();
  await expect(scope.getByRole('status').filter({ hasText: `We sent a link to ${email}` })).toBeVisible();
}

test('save and finish later: step 1 saved from the dialog opens, every field and the step, in a fresh browser; submitting deletes the draft', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto(server.url);
  await bootPage(page);
  await page.getByRole('button', { name: 'Start Qualification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
  await fillFields(dialog, step1);
  await saveForLater(dialog, 'jane@example.com');
  expect(drafts()).toEqual([{ email: 'jane@example.com', step: 0, consent: 0 }]);

  // The token (256 bits, only its hash kept) and the link's form: tests/integration/application-drafts.test.ts.
  const link = await resumeLink(smtp.mails, 'jane@example.com');

  const context = await browser.newContext();
  const other = await context.newPage();
  const response = await other.goto(link);
  // Made for this request, stored by no cache.
  expect(response!.headers()['cache-control']).toContain('no-store');
  await bootPage(other);
  // The token leaves the address bar once the draft is open.
  await expect(other).toHaveURL(`${server.url}/apply`);
  const form = stepsForm(other);
  await expect(form.getByRole('heading', { name: 'Step 1 of 2: Project Information' })).toBeVisible();
  await expectValues(form, step1);

  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByRole('heading', { name: 'Step 2 of 2: Borrower Application' })).toBeFocused();
  await fillFields(form, pick(fullApplication, step1Names, false));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(other.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();

  expect(storedLeads(server.databasePath)[0]!.fields).toMatchObject(pick(fullApplication, ['loanAmount', 'creditScore']));
  // The form sent the draft's token with the application, so its draft is gone (with its e-mail,
  // and nobody else's: tests/integration/application-drafts.test.ts).
  expect(drafts()).toEqual([]);
  expect(await other.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).toBeNull();
  // The link has done its work.
  await other.goto(link);
  await expect(other.getByText('This link no longer opens a saved application')).toBeVisible();
  await context.close();
});

test('a draft saved on step 2 opens at step 2 with its consent; the admin lists it as unfinished', async ({ page, browser }) => {
  await page.goto(server.url);
  await bootPage(page);
  await page.getByRole('button', { name: 'Start Qualification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
  await fillFields(dialog, step1);
  await dialog.getByRole('button', { name: 'Next' }).click();
  const some = pick(fullApplication, ['borrowerName', 'monthlyIncome', 'creditScore']);
  await fillFields(dialog, some);
  await dialog.getByRole('checkbox', { name: /I agree to receive calls and text messages/ }).check();
  await saveForLater(dialog, 'sam@example.com');
  await expectNoAxeViolations(page, 'dialog[open]');
  // The dialog sends the step it is on and the ticked box.
  expect(drafts()).toContainEqual({ email: 'sam@example.com', step: 1, consent: 1 });

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(await resumeLink(smtp.mails, 'sam@example.com'));
  await bootPage(other);
  const form = stepsForm(other);
  await expect(form.getByRole('heading', { name: 'Step 2 of 2: Borrower Application' })).toBeVisible();
  await expectValues(form, { ...step1, ...some });
  await expect(form.getByRole('checkbox', { name: /I agree to receive calls and text messages/ })).toBeChecked();
  await context.close();

  // The Leads section lists it, opened straight from its address: nothing here is typed or
  // clicked. Which drafts the list holds, in what order and with what, is asserted in
  // tests/integration/application-drafts.test.ts; the rest of the section passes axe at both
  // widths in admin-leads.spec.ts and admin-content.spec.ts, so axe checks the list itself here.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInToDashboard(admin, server.url, { path: '/admin/leads' });
  const section = admin.getByRole('region', { name: /Unfinished applications/ });
  const row = section.getByRole('row').filter({ hasText: 'sam@example.com' });
  await expect(row).toContainText('2. Borrower Application');
  await expect(row).toContainText('Consented');
  for (const width of [390, 1280]) {
    await admin.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(admin, 'section[aria-labelledby="unfinished-heading"]');
  }
  await adminContext.close();
});

test('the browser keeps the draft through a reload, in this tab only; a prefill link wins for the fields it names', async ({
  page,
}) => {
  await page.goto(`${server.url}/apply`);
  await bootPage(page);
  await page.getByLabel(/Project Description/).fill('Barn conversion');
  await page.getByLabel(/Desired Loan Amount/).fill('250000');
  await page.reload();
  // A tab that keeps a draft boots at once, without waiting for an interaction: the draft is part of the first view.
  await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
  await expect(page.getByLabel(/Project Description/)).toHaveValue('Barn conversion');
  await bootPage(page);
  await expect(page.getByLabel(/Desired Loan Amount/)).toHaveValue('250000');
  // Nothing outlives the tab: no lasting storage, no cookie holds the application.
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain(DRAFT_KEY);

  // Which values a link may fill (plain amounts, known options) is asserted in lib/drafts/draft-values.test.ts.
  await page.goto(`${server.url}/apply?loanAmount=360000&constructionCosts=300000&ownLand=yes`);
  await bootPage(page);
  await expect(page.getByLabel(/Desired Loan Amount/)).toHaveValue('360000');
  await expect(page.getByLabel(/Estimated Construction Costs/)).toHaveValue('300000');
  await expect(page.getByRole('group', { name: 'Do you own the land?' }).getByRole('radio', { name: 'Yes' })).toBeChecked();
  // The browser's draft fills what the link does not name.
  await expect(page.getByLabel(/Project Description/)).toHaveValue('Barn conversion');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: 'Save and finish later' }).click();
    await expect(page.getByLabel('Your e-mail address')).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save and finish later' }).click();
    await expect(page.getByLabel('Your e-mail address')).toBeHidden();
  }
});

test("the home page's dialog keeps its draft and its step through a reload; a sent application leaves nothing in the tab", async ({
  page,
}) => {
  await page.goto(server.url);
  await bootPage(page);
  await page.getByRole('button', { name: 'Start Qualification' }).click();
  let dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
  await fillFields(dialog, step1);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel(/Borrower Name/).fill('Jane Builder');
  // Closed and opened again: nothing lost.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Start Qualification' }).click();
  await expect(dialog.getByLabel(/Borrower Name/)).toHaveValue('Jane Builder');

  await page.reload();
  await bootPage(page);
  await page.getByRole('button', { name: 'Start Qualification' }).click();
  dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
  await expect(dialog.getByRole('heading', { name: 'Step 2 of 2: Borrower Application' })).toBeVisible();
  await expect(dialog.getByLabel(/Borrower Name/)).toHaveValue('Jane Builder');
  await expectValues(dialog, step1);

  await fillFields(dialog, pick(fullApplication, step1Names, false));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).toBeNull();
});

test('what the visitor types before React has taken over wins over the kept draft, which fills the rest', async ({ page }) => {
  await page.goto(server.url);
  await page.evaluate((key) => {
    const values = { projectDescription: 'Old plan', loanAmount: '111000', constructionCosts: '222000' };
    sessionStorage.setItem(key, JSON.stringify({ values, step: 1 }));
  }, DRAFT_KEY);
  // The scripts arrive only once the visitor has typed (ADR 015: the dialog opens before React).
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  // The kept draft boots the page at once, and scripts added before the load event hold it back:
  // held here, they would hold the reload until the test's end whenever the boot came first.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Start Qualification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
  await dialog.getByLabel(/Project Description/).fill('New plan');
  await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(0);
  release();
  await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
  await expect(dialog.getByLabel(/Desired Loan Amount/)).toHaveValue('111000');
  await expect(dialog.getByLabel(/Estimated Construction Costs/)).toHaveValue('222000');
  await expect(dialog.getByLabel(/Project Description/)).toHaveValue('New plan');
  // The step the visitor sees is where they are.
  await expect(dialog.getByRole('heading', { name: 'Step 1 of 2: Project Information' })).toBeVisible();
  await expect
    .poll(() => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').values?.projectDescription, DRAFT_KEY))
    .toBe('New plan');
});

test('without JavaScript /apply shows the prefilled fields from the link', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page: Page = await context.newPage();
  await page.goto(`${server.url}/apply?loanAmount=360000&constructionCosts=300000&ownLand=yes&landBalance=45000`);
  await expect(page.getByLabel(/Desired Loan Amount/)).toHaveValue('360000');
  await expect(page.getByLabel(/Estimated Construction Costs/)).toHaveValue('300000');
  await expect(page.getByLabel('Land Balance Owed')).toHaveValue('45000');
  await context.close();
});

test('without JavaScript, Save and finish later stores the draft, e-mails the link, and the link resumes the application', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/apply`);
  // The disclosure needs a script to open: its plain version stands in for it.
  await expect(page.getByRole('button', { name: 'Save and finish later' })).toBeHidden();
  const typed = { ...step1, ...pick(fullApplication, ['borrowerName', 'monthlyIncome', 'creditScore']) };
  await fillFields(page, typed);
  // The script version's field (in its closed panel) is not there for the visitor: this one is.
  const address = page.getByRole('textbox', { name: 'Your e-mail address' });
  await address.fill('plain@example.com');
  await page.getByRole('button', { name: 'Email me the link' }).click();

  // The page comes back with the form as it was and the answer below the button.
  await expect(page.getByRole('status').filter({ hasText: /^We sent a link to plain@example\.com, good until / })).toBeVisible();
  await expectValues(page.locator('form'), typed);
  // Labelled, and described by the answer (axe cannot run in a page without scripts).
  await expect(address).toHaveValue('plain@example.com');
  await expect(address).toHaveAccessibleDescription(/^We sent a link to plain@example\.com/);
  expect(drafts()).toContainEqual({ email: 'plain@example.com', step: 1, consent: 0 });

  // The link arrives (a real SMTP peer) and opens the draft, at its step, without JavaScript too.
  const link = await resumeLink(smtp.mails, 'plain@example.com');
  const resumed = await context.newPage();
  await resumed.goto(link);
  const form = stepsForm(resumed);
  await expect(form.getByRole('heading', { name: 'Step 2 of 2: Borrower Application' })).toBeVisible();
  await expectValues(form, typed);

  // Sent from there, the application ends the draft it was resumed from.
  await fillFields(form, pick(fullApplication, [...step1Names, ...Object.keys(typed)], false));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(resumed.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  expect(drafts()).not.toContainEqual(expect.objectContaining({ email: 'plain@example.com' }));
  await context.close();
});

import { expect, test } from '@playwright/test';
import { CONSENT_TEXT } from '../../lib/leads/fields';
import { fullApplicationSummary } from '../support/lead-data';
import { startSmtp } from '../support/mail';
import { bootPage } from './boot';
import {
  MAIL_ENV,
  expectNoAxeViolations,
  expectToast,
  fillFields,
  fullApplication,
  pick,
  step1Names,
  storedLeads,
} from './leads-support';
import { startServer, type RunningServer } from './server';

/**
 * Lead capture in the browser against the production server, with a real SMTP server in this
 * process. SPAM_MIN_FILL_SECONDS=0 here; spam.spec.ts runs the real defaults.
 */

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { SMTP_URL: smtp.url, ...MAIL_ENV, SPAM_MIN_FILL_SECONDS: '0', LEAD_RATE_LIMIT: '1000' } });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

test('the hero button opens the two-step application modal; it validates, submits and notifies the broker', async ({ page }) => {
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start Qualification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');

  // Step 1: progress, Back disabled, the defaults of spec section 3.
  await expect(dialog.getByRole('progressbar', { name: 'Application progress' })).toHaveAttribute('aria-valuenow', '1');
  await expect(dialog.getByRole('heading', { name: /Project Information/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expect(dialog.getByRole('group', { name: 'Do you own the land?' }).getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Do you need a land loan?' }).getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(dialog.getByLabel('Builder Status')).toHaveValue('have-builder');
  await expect(dialog.getByLabel('Builder Status').locator('option')).toHaveText([
    'I have a builder',
    'I am a qualified owner-builder',
    'I need to find a builder',
  ]);
  await expect(dialog.getByLabel('Land Search Price Range')).toBeVisible();
  await expect(dialog.getByLabel('Land Purchase Price')).toBeHidden();

  await dialog.getByRole('button', { name: 'Next' }).click();
  await expectToast(page, 'Incomplete Information', 'Please fill out all required fields before proceeding.');
  await expect(dialog.getByLabel(/Project Description/)).toBeFocused();
  await expect(dialog.getByLabel(/Project Description/)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'dialog[open]');

  // ownLand yes shows the land fields and hides the search range.
  await dialog.getByRole('group', { name: 'Do you own the land?' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(dialog.getByLabel('Land Purchase Price')).toBeVisible();
  await expect(dialog.getByLabel('Land Search Price Range')).toBeHidden();
  await fillFields(dialog, pick(fullApplication, step1Names));
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Step 2.
  await expect(dialog.getByRole('heading', { name: /Borrower Application/ })).toBeFocused();
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeEnabled();
  await expect(dialog.getByLabel(/^Email/)).toHaveAttribute('type', 'email');
  await expect(dialog.getByLabel(/^Phone/)).toHaveAttribute('type', 'tel');
  await expect(dialog.getByLabel('Loan Type')).toHaveValue('30-year-fixed');
  await expect(dialog.getByLabel('Loan Type').locator('option')).toHaveText(['30 Year Fixed', 'Fixed ARM Product', 'Other']);
  await expect(dialog.getByRole('checkbox', { name: /I agree to receive calls and text messages/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Incomplete Information', 'Please fill out all required fields before submitting.');
  await expectNoAxeViolations(page, 'dialog[open]');

  // Back keeps step 1's answers.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel(/Project Description/)).toHaveValue(fullApplication.projectDescription!);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await fillFields(dialog, pick(fullApplication, step1Names, false));
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(dialog.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Start Qualification' })).toBeFocused();

  const [lead] = storedLeads(server.databasePath);
  expect(lead).toMatchObject({
    kind: 'application',
    type: 'New Detailed Application',
    page: '/',
    is_spam: 0,
    consent_text: null,
  });
  expect(lead!.fields).toEqual(fullApplication);
  await expect.poll(() => smtp.mails.length, { timeout: 20_000 }).toBe(1);
  expect(smtp.mails[0]!.to).toEqual(['broker@example.com']);
  expect(smtp.mails[0]!.text).toContain(fullApplicationSummary);
  await expect.poll(() => storedLeads(server.databasePath)[0]!.notification).toBe('sent');
});

test("'Start Your Qualification Now' and the closing call to action open the modal from the keyboard; Escape closes it", async ({
  page,
}) => {
  await page.goto(server.url);
  // A button answers Enter and Space alike.
  for (const [name, key] of [
    ['Start Your Qualification Now', 'Enter'],
    ['Apply Now', 'Space'],
  ] as const) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await button.focus();
    await page.keyboard.press(key);
    const dialog = page.getByRole('dialog', { name: 'Construction Loan Application' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    expect(page.url()).toBe(server.url + '/');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  }
});

test('a Ctrl-click on a button that opens the application opens /apply in a new tab instead, as a link would', async ({
  page,
  context,
}) => {
  await page.goto(server.url);
  await bootPage(page);
  const tab = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Start Qualification' }).click({ modifiers: ['ControlOrMeta'] });
  const opened = await tab;
  await expect(opened.getByRole('heading', { level: 1, name: 'Construction Loan Application' })).toBeVisible();
  expect(new URL(opened.url()).pathname).toBe('/apply');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(page.url()).toBe(server.url + '/');
  await opened.close();
});

test("an unreachable server shows the spec's 'Uh oh!' toast and keeps what was typed", async ({ page }) => {
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Start Qualification' }).click();
  const dialog = page.getByRole('dialog');
  await fillFields(dialog, pick(fullApplication, step1Names));
  await dialog.getByRole('button', { name: 'Next' }).click();
  await fillFields(dialog, pick(fullApplication, step1Names, false));
  const before = storedLeads(server.databasePath).length;
  await page.route('**/*', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Uh oh! Something went wrong.', 'There was a problem submitting your application. Please try again.');
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(dialog.getByLabel(/Borrower Name/)).toHaveValue('Jane Builder');
  expect(storedLeads(server.databasePath)).toHaveLength(before);

  // The network is back: the same form goes through.
  await page.unroute('**/*');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  expect(storedLeads(server.databasePath)).toHaveLength(before + 1);
});

test('the header Contact button opens the contact modal; consent is stored with its wording and page', async ({ page }) => {
  await page.goto(`${server.url}/rates`);
  await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Us' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Incomplete Information', 'Please fill out all required fields before submitting.');
  await expect(dialog.getByLabel(/^Phone/)).toHaveAttribute('type', 'tel');
  await fillFields(dialog, {
    from_name: 'Sam Smith',
    from_email: 'sam@example.com',
    phone: '555-0100',
    message: 'Do you lend in Idaho?',
  });
  await dialog.getByRole('checkbox', { name: /I agree to receive calls/ }).check();
  await expectNoAxeViolations(page, 'dialog[open]');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();

  const [lead] = storedLeads(server.databasePath);
  expect(lead).toMatchObject({
    kind: 'contact',
    type: 'Contact Form',
    page: '/rates',
    consent_text: CONSENT_TEXT,
    consent_page: '/rates',
  });
  expect(lead!.fields).toEqual({
    from_name: 'Sam Smith',
    from_email: 'sam@example.com',
    phone: '555-0100',
    message: 'Do you lend in Idaho?',
  });
  await expect.poll(() => smtp.mails.some((m) => m.text.includes('Do you lend in Idaho?')), { timeout: 20_000 }).toBe(true);
});

test('the quick qualification form on /rates validates and stores the lead', async ({ page }) => {
  await page.goto(`${server.url}/rates`);
  const form = page.locator('#qualify');
  await form.getByRole('button', { name: 'Check My Qualification' }).click();
  await expectToast(page, 'Incomplete Information');
  await expect(form.getByLabel(/First Name/)).toBeFocused();
  await fillFields(form, {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '555-0101',
    projectType: 'land',
    estimatedCost: '90000',
  });
  await form.getByRole('button', { name: 'Check My Qualification' }).click();
  await expect(form.getByRole('heading', { name: 'Request Received!' })).toBeVisible();
  const [lead] = storedLeads(server.databasePath);
  expect(lead).toMatchObject({ kind: 'qualification', type: 'Quick Qualification', page: '/rates', consent_text: null });
  expect(lead!.fields).toMatchObject({ firstName: 'Ann', projectType: 'land', estimatedCost: '90000' });
  await expectNoAxeViolations(page);
});

test('the ebook form: incomplete toast, Thank You view, and the not-implemented download toast', async ({ page }) => {
  await page.goto(`${server.url}/ebook`);
  await page.getByLabel(/Full Name/).fill('Bo Reader');
  await page.getByRole('button', { name: 'Download Now' }).click();
  await expectToast(page, '⚠️ Incomplete Form', 'Please fill out both your name and email to get the ebook.');
  await expect(page.getByLabel(/Email Address/)).toHaveAttribute('type', 'email');
  await expectNoAxeViolations(page);
  await page.getByLabel(/Email Address/).fill('bo@example.com');
  await page.getByRole('button', { name: 'Download Now' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
  await expect(page.getByText('Your ebook is ready for download', { exact: true })).toBeVisible();
  await expect(page.getByText("If the download doesn't start, please check your email.")).toBeVisible();
  await page.getByRole('button', { name: 'Download Ebook' }).click();
  await expectToast(page, 'Feature not implemented', "This feature isn't implemented yet.");
  await expectNoAxeViolations(page);
  const [lead] = storedLeads(server.databasePath);
  expect(lead).toMatchObject({
    kind: 'ebook',
    type: 'Ebook Download',
    page: '/ebook',
    fields: { name: 'Bo Reader', email: 'bo@example.com' },
  });
});

test('/apply and /contact pass the accessibility checks, and /apply hides the land fields ownLand does not ask for', async ({
  page,
}) => {
  await page.goto(`${server.url}/apply`);
  await expect(page.getByLabel('Land Search Price Range')).toBeVisible();
  await expect(page.getByLabel('Land Purchase Price')).toBeHidden();
  await page.getByRole('group', { name: 'Do you own the land?' }).getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByLabel('Land Purchase Price')).toBeVisible();
  await expect(page.getByLabel('Land Search Price Range')).toBeHidden();
  await page.getByRole('group', { name: 'Do you own the land?' }).getByRole('radio', { name: 'No' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expectToast(page, 'Incomplete Information', 'Please fill out all required fields before submitting.');
  await expectNoAxeViolations(page);
  await page.goto(`${server.url}/contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/apply shows its fields (the land ones by the answer, in CSS), re-renders with messages and what was typed, then accepts the application', async ({
    page,
  }) => {
    await page.goto(`${server.url}/apply`);
    await expect(page.getByRole('heading', { level: 1, name: 'Construction Loan Application' })).toBeVisible();
    await expect(page.getByLabel('Land Search Price Range')).toBeVisible();
    await expect(page.getByLabel('Land Purchase Price')).toBeHidden();
    await page.getByRole('group', { name: 'Do you own the land?' }).getByRole('radio', { name: 'Yes' }).check();
    await expect(page.getByLabel('Land Purchase Price')).toBeVisible();

    await page.getByLabel(/Project Description/).fill('A cabin');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText('This field is required.').first()).toBeVisible();
    await expect(page.getByLabel(/Project Description/)).toHaveValue('A cabin');
    await expect(page.getByLabel(/Borrower Name/)).toHaveAttribute('aria-invalid', 'true');

    await fillFields(page.getByRole('main').locator('form'), fullApplication);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
    const [lead] = storedLeads(server.databasePath);
    expect(lead).toMatchObject({ kind: 'application', page: '/apply', is_spam: 0 });
    expect(lead!.fields).toEqual(fullApplication);
  });

  test('each button that opens the application leads to /apply', async ({ page }) => {
    for (const name of ['Start Qualification', 'Start Your Qualification Now', 'Apply Now']) {
      await page.goto(server.url);
      await page.getByRole('main').getByRole('button', { name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/apply');
      await expect(page.getByRole('heading', { level: 1, name: 'Construction Loan Application' })).toBeVisible();
      await expect(page.getByLabel(/Project Description/)).toBeVisible();
    }
  });

  test('the ebook form and the quick qualification form post to their own page and show the result there', async ({ page }) => {
    await page.goto(`${server.url}/ebook`);
    const ebook = page.locator('#ebook-form');
    await fillFields(ebook, { name: 'Nia Reader', email: 'nia@example.com' });
    await ebook.getByRole('button', { name: 'Download Now' }).click();
    await expect(page).toHaveURL(`${server.url}/ebook`);
    await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();

    await page.goto(`${server.url}/rates`);
    const qualify = page.locator('#qualify');
    await fillFields(qualify, {
      firstName: 'Nat',
      lastName: 'Lee',
      email: 'nat@example.com',
      phone: '555-0144',
      projectType: 'land',
      estimatedCost: '80000',
    });
    await qualify.getByRole('button', { name: 'Check My Qualification' }).click();
    await expect(page).toHaveURL(`${server.url}/rates`);
    await expect(qualify.getByRole('heading', { name: 'Request Received!' })).toBeVisible();

    const leads = storedLeads(server.databasePath);
    expect(leads.find((lead) => lead.fields.email === 'nia@example.com')).toMatchObject({ kind: 'ebook', page: '/ebook' });
    expect(leads.find((lead) => lead.fields.email === 'nat@example.com')).toMatchObject({
      kind: 'qualification',
      page: '/rates',
    });
  });

  test('/contact accepts a message, and the header Contact button leads there', async ({ page }) => {
    await page.goto(server.url);
    await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
    // An empty GET form: the address may end in a bare '?'.
    await expect(page).toHaveURL((url) => url.pathname === '/contact');
    await fillFields(page.getByRole('main').locator('form'), {
      from_name: 'Nina',
      from_email: 'nina@example.com',
      message: 'No JS here.',
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
    expect(storedLeads(server.databasePath)[0]).toMatchObject({
      kind: 'contact',
      page: '/contact',
      fields: { message: 'No JS here.' },
    });
  });
});

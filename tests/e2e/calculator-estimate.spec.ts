import { expect, test, type Page } from '@playwright/test';
import { startSmtp } from '../support/mail';
import { openSection, signInToDashboard } from './admin-ui';
import { bootPage } from './boot';
import { MAIL_ENV, expectNoAxeViolations, expectToast, storedLeads } from './leads-support';
import { startServer, type RunningServer } from './server';

/**
 * A calculator result's two actions against the production server, with a real SMTP server in
 * this process: 'Email me this estimate' stores a `calculator` lead with the estimate the server
 * computed and e-mails it to the visitor, with JavaScript (the lead endpoint) and without (the
 * Server Action, answered on /email-estimate); 'Apply with these numbers' opens the
 * application with the loan amount filled in. The worked example: 400,000 at 7.5% over 12
 * even draws is $16,250.00 of interest.
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

const ESTIMATE = '/calculators/construction-interest?amount=400000&rate=7.5&months=12&draw=even&points=1';
const actions = (page: Page) => page.getByTestId('estimate-actions');
const mailTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
const calculatorLead = (email: string) =>
  storedLeads(server.databasePath).find((lead) => lead.kind === 'calculator' && lead.fields.email === email);

test('Email me this estimate, with JavaScript: the lead holds the numbers on screen and the visitor gets them', async ({
  page,
}) => {
  await page.goto(`${server.url}${ESTIMATE}`);
  await bootPage(page);
  const region = actions(page);
  await region.getByRole('button', { name: 'Email me this estimate' }).click();
  await expectToast(page, 'Incomplete Information', 'Enter your e-mail address to get the estimate.');
  await expect(region.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
  await expect(region.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true');

  // The visitor changes the rate after the page loaded: the estimate sent is the one on screen.
  await page.locator('input[name="rate"]').fill('6');
  await region.getByRole('textbox', { name: 'Email', exact: true }).fill('sam@example.com');
  await region.getByLabel('Name').fill('Sam Rivera');
  await region.getByRole('button', { name: 'Email me this estimate' }).click();
  await expect(region.getByRole('status').filter({ hasText: 'Sent to sam@example.com.' })).toBeFocused();
  await expectToast(page, 'Estimate sent', 'Check your inbox in a minute or two.');

  const lead = calculatorLead('sam@example.com')!;
  expect(lead).toMatchObject({ type: 'Calculator Estimate', page: '/calculators/construction-interest', is_spam: 0 });
  expect(lead.fields).toMatchObject({ name: 'Sam Rivera', calculator: 'construction-interest' });
  // 400,000 at 6% over 12 even draws: 400,000 × 0.06 ÷ 12 × 13 ÷ 2 = $13,000.00.
  expect(lead.fields.results).toContain('Total interest during construction: $13,000.00');
  expect(lead.fields.link).toContain('rate=6');

  await expect.poll(() => mailTo('sam@example.com').length, { timeout: 20_000 }).toBe(1);
  const mail = mailTo('sam@example.com')[0]!;
  expect(mail.headers.subject).toContain('Construction Loan Interest Calculator estimate');
  expect(mail.text).toContain('Total interest during construction: $13,000.00');
  expect(mail.text).toContain('not an offer of credit');
  expect(mail.text).toContain('NMLS ID');
  await expect
    .poll(() => mailTo('broker@example.com').some((m) => m.text.includes('New Calculator Estimate Request')))
    .toBe(true);

  // The owner finds it under its own kind, with the estimate and the e-mail the visitor got.
  await signInToDashboard(page, server.url);
  await openSection(page, 'Leads');
  await page.getByRole('button', { name: 'Calculator estimates' }).click();
  await page.getByTestId('lead-row').getByRole('button', { name: 'Sam Rivera', exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (const text of ['Construction Loan Interest Calculator', 'RESULTS', 'Total interest during construction', '$13,000.00'])
    await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Estimate e-mailed to the visitor' })).toBeVisible();
  await expect(dialog.getByTestId('auto-reply-state')).toContainText('sam@example.com');
});

test('Email me this estimate without JavaScript: its page answers, and shows the form again when the address is missing', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}${ESTIMATE}`);
  // Sent empty: the answer page shows the form again, the estimate kept in its hidden fields.
  await actions(page).getByRole('button', { name: 'Email me this estimate' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/email-estimate');
  const form = page.getByRole('form', { name: 'Email me this estimate' });
  await expect(form.getByText('This field is required.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('noscript@example.com');
  await form.getByRole('button', { name: 'Email me this estimate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your estimate is on its way.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to your estimate' })).toHaveAttribute(
    'href',
    '/calculators/construction-interest?amount=400000&rate=7.5&months=12&draw=even&points=1',
  );

  const lead = calculatorLead('noscript@example.com')!;
  expect(lead).toMatchObject({ page: '/calculators/construction-interest' });
  expect(lead.fields.results).toContain('Total interest during construction: $16,250.00');
  await expect.poll(() => mailTo('noscript@example.com').length, { timeout: 20_000 }).toBe(1);
  expect(mailTo('noscript@example.com')[0]!.text).toContain('Total interest during construction: $16,250.00');
  await context.close();
});

test("'Apply with these numbers' opens the application with the loan amount filled in", async ({ page }) => {
  await page.goto(`${server.url}${ESTIMATE}`);
  const apply = actions(page).getByRole('link', { name: 'Apply with these numbers' });
  await expect(apply).toHaveAttribute('href', '/apply?loanAmount=400000');
  await apply.click();
  await expect(page).toHaveURL(/\/apply\?loanAmount=400000$/);
  await expect(page.getByLabel(/Desired Loan Amount/)).toHaveValue('400000');
});

for (const width of [390, 1280]) {
  test(`the actions pass axe at ${width} px, before and after an answer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}${ESTIMATE}`);
    await bootPage(page);
    await expectNoAxeViolations(page, '[data-testid="estimate-actions"]');
    await actions(page).getByRole('button', { name: 'Email me this estimate' }).click();
    await expect(actions(page).getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, '[data-testid="estimate-actions"]');
    // The page a form sent without JavaScript lands on, as a visitor opening it directly sees it.
    await page.goto(`${server.url}/email-estimate`);
    await expect(page.getByRole('link', { name: 'All calculators' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

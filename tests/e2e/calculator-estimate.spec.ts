import { expect, test, type Page } from '@playwright/test';
import { startSmtp } from '../support/mail';
import { openSection, signInToDashboard } from './admin-ui';
import { bootPage } from './boot';
import { MAIL_ENV, expectNoAxeViolations, storedLeads } from './leads-support';
import { startServer, type RunningServer } from './server';

/**
 * A calculator result's two actions against the production server, with a real SMTP server in
 * this process: 'Email me this estimate' stores a `calculator` lead with the estimate the server
 * computed and e-mails it to the visitor; the form is plain HTML posted by the browser (the
 * calculator pages have no script to spare), answered with a redirect back to the calculator
 * page and the outcome, with JavaScript and without. 'Apply with these numbers' opens the
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
  const email = region.getByRole('textbox', { name: 'Email' });
  // No address: the browser says so and nothing is sent.
  await region.getByRole('button', { name: 'Email me this estimate' }).click();
  expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  // Still the calculator, no answer: the form was never sent (the live URL may add the empty `draws=`).
  expect(new URL(page.url()).pathname).toBe('/calculators/construction-interest');
  expect(new URL(page.url()).searchParams.has('estimate-sent')).toBe(false);
  expect(calculatorLead('')).toBeUndefined();

  // The visitor changes the rate after the page loaded: the estimate sent is the one on screen.
  await page.locator('input[name="rate"]').fill('6');
  await expect(page.getByTestId('total-interest')).toContainText('$13,000.00');
  await email.fill('sam@example.com');
  await region.getByLabel('Name').fill('Sam Rivera');
  await region.getByRole('button', { name: 'Email me this estimate' }).click();
  await expect(actions(page).getByRole('status')).toHaveText('Your estimate is on its way. Check your inbox in a minute or two.');
  // Back on the calculator with the figures sent, and no address in the URL.
  expect(new URL(page.url()).searchParams.get('rate')).toBe('6');
  expect(page.url()).not.toContain('sam');

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

test('Email me this estimate without JavaScript: the same form, answered on the calculator page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}${ESTIMATE}`);
  await actions(page).getByRole('textbox', { name: 'Email' }).fill('noscript@example.com');
  await actions(page).getByRole('button', { name: 'Email me this estimate' }).click();
  await expect(actions(page).getByRole('status')).toHaveText('Your estimate is on its way. Check your inbox in a minute or two.');
  await expect(page).toHaveURL(`${server.url}${ESTIMATE}&estimate-sent=ok#estimate`);

  const lead = calculatorLead('noscript@example.com')!;
  expect(lead).toMatchObject({ page: '/calculators/construction-interest' });
  expect(lead.fields.results).toContain('Total interest during construction: $16,250.00');
  await expect.poll(() => mailTo('noscript@example.com').length, { timeout: 20_000 }).toBe(1);
  expect(mailTo('noscript@example.com')[0]!.text).toContain('Total interest during construction: $16,250.00');
  await context.close();
});

test('the server refuses a bad estimate post and sends the browser back to a calculator page, never elsewhere', async ({
  request,
}) => {
  const post = (form: Record<string, string>) =>
    request.post(`${server.url}/api/leads/calculator`, {
      form,
      headers: { Origin: server.url, Accept: 'text/html' },
      maxRedirects: 0,
    });
  const before = storedLeads(server.databasePath).length;
  const noAddress = await post({
    calculator: 'construction-interest',
    estimate: 'amount=400000&rate=7.5',
    email: 'nobody',
    page: '/',
  });
  expect(noAddress.status()).toBe(303);
  expect(noAddress.headers().location).toBe(
    '/calculators/construction-interest?amount=400000&rate=7.5&estimate-sent=invalid#estimate',
  );
  const badRate = await post({ calculator: 'construction-interest', estimate: 'rate=99', email: 'a@example.com', page: '/' });
  expect(badRate.headers().location).toContain('estimate-sent=invalid');
  const elsewhere = await post({ calculator: '//evil.example', estimate: 'x=1', email: 'a@example.com', page: '/' });
  expect(elsewhere.headers().location).toBe('/calculators?estimate-sent=invalid');
  expect(storedLeads(server.databasePath)).toHaveLength(before);
});

test("'Apply with these numbers' opens the application with the figures on screen, with JavaScript and without", async ({
  page,
  browser,
}) => {
  await page.goto(`${server.url}${ESTIMATE}`);
  await bootPage(page);
  await page.locator('input[name="amount"]').fill('350000');
  await actions(page).getByRole('button', { name: 'Apply with these numbers' }).click();
  await expect(page).toHaveURL(`${server.url}/apply?loanAmount=350000`);
  await expect(page.getByLabel(/Desired Loan Amount/)).toHaveValue('350000');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto(
    `${server.url}/calculators/maximum-loan?land=owned&landValue=100000&landOwed=20000&cost=400000&value=550000`,
  );
  await actions(noScript).getByRole('button', { name: 'Apply with these numbers' }).click();
  await expect(noScript.getByLabel(/Desired Loan Amount/)).toHaveValue('420000');
  await expect(noScript.getByLabel(/Estimated Construction Costs/)).toHaveValue('400000');
  await expect(noScript.getByLabel('Land Balance Owed')).toHaveValue('20000');
  await context.close();
});

/**
 * Each state loaded once and checked at both widths by resizing: the form is the same at either
 * width, and axe reads the styles again on each run.
 */
test('the actions pass axe at phone and desktop widths, before and after an answer', async ({ page }) => {
  const atBothWidths = async () => {
    for (const width of [390, 1280])
      await test.step(`axe at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page, '[data-testid="estimate-actions"]');
      });
  };
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${server.url}${ESTIMATE}`);
  await bootPage(page);
  await atBothWidths();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`${server.url}${ESTIMATE}&estimate-sent=invalid`);
  await bootPage(page);
  await expect(actions(page).getByRole('alert')).toContainText('Enter a valid e-mail address');
  await atBothWidths();
});

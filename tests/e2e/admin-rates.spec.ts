import { expect, test } from '@playwright/test';
import { withDb } from './admin-support';
import { anonymousHtml, expectNoAxeViolations, openSection, signInToDashboard, toast } from './admin-ui';
import { startServer } from './server';

const todayLong = () =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date());

test('Rates: add, edit, reorder and delete, with the public list and its Last updated date following', async ({ page }) => {
  test.setTimeout(180_000);
  const server = await startServer();
  try {
    withDb(server.databasePath, (db) =>
      db.prepare("UPDATE app_meta SET value = '2020-01-15T12:00:00.000Z' WHERE key = 'rates_changed_at'").run(),
    );
    await signInToDashboard(page, server.url);
    expect(await anonymousHtml(server.url, '/rates')).toContain('Last updated: January 15, 2020');
    await openSection(page, 'Rates');
    const rows = page.getByTestId('rate-row');
    await expect(rows).toHaveCount(4);

    await page.getByRole('button', { name: 'Add New Rate' }).click();
    await expect(toast(page)).toContainText('✅ New Rate Added');
    await expect(rows).toHaveCount(5);
    const added = rows.last();
    await expect(added.getByLabel('Type')).toHaveValue('New Rate');
    await added.getByLabel('Type').fill('Jumbo Construction');
    await added.getByLabel('APR').fill('7.99%');
    await added.getByLabel('Icon').selectOption('Percent');
    await expect(added.getByRole('status')).toHaveText('Saved.');
    await added.getByLabel('Notes').fill('Loans over $1M.');
    await added.getByLabel('Term').focus(); // leaving Notes saves it
    await expect(added.getByRole('status')).toHaveText('Saved.');

    // A required field left blank is refused next to the field.
    await added.getByLabel('Rate', { exact: true }).fill('');
    await added.getByLabel('Term').focus();
    await expect(added.getByText('Rate is required.')).toBeVisible();
    await added.getByLabel('Rate', { exact: true }).fill('7.49%');
    await added.getByLabel('Term').focus();
    await expect(added.getByRole('status')).toHaveText('Saved.');

    let html = await anonymousHtml(server.url, '/rates');
    expect(html).toContain('Jumbo Construction');
    expect(html).toContain('data-rate-figure="apr">7.99%<');
    expect(html).toContain('Loans over $1M.');
    expect(html).toContain(`Last updated: ${todayLong()}`);

    // Order can be changed.
    for (let i = 3; i >= 0; i--) {
      await rows
        .nth(i + 1)
        .getByRole('button', { name: 'Move Jumbo Construction up' })
        .click();
      await expect(rows.nth(i).getByLabel('Type')).toHaveValue('Jumbo Construction');
    }
    html = await anonymousHtml(server.url, '/rates');
    expect(html.indexOf('Jumbo Construction')).toBeLessThan(html.indexOf('Residential'));
    // The calculators start from the first rate: their cached pages follow it, with a query or not.
    const rateField = /id="calc-rate"[^>]* value="([^"]*)"/;
    expect(rateField.exec(await anonymousHtml(server.url, '/calculators/construction-to-permanent'))?.[1]).toBe('7.49');
    expect(rateField.exec(await anonymousHtml(server.url, '/calculators/construction-interest?amount=250000'))?.[1]).toBe('7.49');

    // Delete every rate: the spec's toast each time, then its exact empty message.
    withDb(server.databasePath, (db) =>
      db.prepare("UPDATE app_meta SET value = '2020-01-15T12:00:00.000Z' WHERE key = 'rates_changed_at'").run(),
    );
    for (let n = 5; n > 0; n--) {
      await rows
        .first()
        .getByRole('button', { name: /^Delete / })
        .click();
      await expect(toast(page)).toContainText('🗑️ Rate Deleted');
      await expect(rows).toHaveCount(n - 1);
    }
    await expect(page.getByText("No rates have been added yet. Click 'Add New Rate' to start.", { exact: true })).toBeVisible();
    html = await anonymousHtml(server.url, '/rates');
    expect(html).not.toContain('Jumbo Construction');
    expect(html).toContain(`Last updated: ${todayLong()}`);
  } finally {
    await server.stop();
  }
});

test('Rates: impossible rates are refused on their field, an adjustable rate is disclosed, and the example follows the rates', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const server = await startServer();
  try {
    await signInToDashboard(page, server.url);
    await openSection(page, 'Rates');
    const first = page.getByTestId('rate-row').first();
    const apr = first.getByLabel('APR');
    const rate = first.getByLabel('Rate', { exact: true });
    const leave = () => first.getByLabel('Term').focus();
    const refused = async (field: typeof apr, message: string) => {
      await leave();
      await expect(first.getByText(message, { exact: true })).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(first.getByRole('status')).toHaveText('Some fields need attention.');
    };

    await apr.fill('6.50%');
    await refused(apr, "The APR cannot be lower than the interest rate (6.75%): it adds the loan's fees to the interest.");
    await apr.fill('');
    await refused(apr, 'APR is required: a rate is never shown without its APR.');
    await apr.fill('7.2');
    await leave();
    await expect(first.getByRole('status')).toHaveText('Saved.');
    await expect(apr).toHaveValue('7.20%'); // stored, and shown, the way the site writes it
    await rate.fill('31%');
    await refused(rate, 'Rate must be between 0% and 30%.');
    await rate.fill('6.75%');
    await leave();
    await expect(first.getByRole('status')).toHaveText('Saved.');
    let html = await anonymousHtml(server.url, '/rates');
    expect(html).not.toContain('data-rate-figure="apr">6.50%<');
    expect(html).not.toContain('data-rate-figure="rate">31');
    expect(html).toContain('data-rate-figure="apr">7.20%<');

    // The example beside the rates is the public one, and follows the first rate.
    const preview = page.getByRole('complementary', { name: 'Representative example on the Rates, home and licenses pages' });
    await expect(preview).toContainText('a $400,000 Residential loan at 7.20% APR (6.75% interest rate, fixed for the term)');
    await first.getByLabel('Fixed or adjustable').selectOption('Adjustable');
    await expect(first.getByRole('status')).toHaveText('Saved.');
    await expect(preview).toContainText('(6.75% interest rate, adjustable)');
    await expect(preview).toContainText('The APR may increase after consummation.');
    await expectNoAxeViolations(page);
    const visitor = await browser.newPage();
    for (const path of ['/rates', '/']) {
      await visitor.goto(server.url + path);
      // Beside the adjustable rate's figures, and in the example that describes it; the fixed ones say nothing.
      await expect(visitor.getByText('The APR may increase after consummation.'), path).toHaveCount(2);
    }
    await visitor.close();

    // The example's loan is the owner's, in Site Content.
    await openSection(page, 'Site Content');
    await page.getByRole('button', { name: 'Rates Page' }).click();
    await page.getByLabel('Loan Amount ($)').fill('200000');
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(toast(page)).toContainText('✅ Content Saved!');
    html = await anonymousHtml(server.url, '/rates');
    // 200,000 × 6.75% ÷ 12 = 1,125; 20% down: 200,000 × 20 ÷ 80 = 50,000.
    expect(html).toContain('a $200,000 Residential loan at');
    expect(html).toContain('($50,000 of a $250,000 total cost) is repaid in 12 monthly interest-only payments of $1,125');
  } finally {
    await server.stop();
  }
});

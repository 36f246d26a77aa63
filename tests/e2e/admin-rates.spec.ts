import { expect, test } from '@playwright/test';
import { withDb } from './admin-support';
import { anonymousHtml, openSection, signInToDashboard, toast } from './admin-ui';
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
    expect(html).toContain('7.99% APR');
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

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { HYDRATED_ATTRIBUTE } from '../../lib/site/deferred-boot-markers';
import { startServer, type RunningServer } from './server';

/**
 * The calculator pages (issue 19): server-rendered from the query (a GET form, no JavaScript
 * needed), recalculated as the visitor types once React runs, and booted like every public page:
 * no script before the first interaction, then at once when focus enters the form.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const INTEREST = '/calculators/construction-interest';

const total = (page: Page) => page.getByTestId('total-interest');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('construction interest: the query is computed on the server, the GET form recomputes', async ({ page }) => {
    await page.goto(`${server.url}${INTEREST}?amount=400000&rate=7.5&months=12&draw=even`);
    await expect(total(page)).toHaveText('$16,250.00');
    await expect(page.getByRole('table', { name: 'Monthly draw schedule' }).getByRole('row')).toHaveCount(14);
    await expect(page.getByText('This is an estimate, not an offer of credit.')).toBeVisible();

    await page.getByLabel('Construction loan amount').fill('200000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page).toHaveURL(/amount=200000/);
    await expect(total(page)).toHaveText('$8,125.00');

    await page.getByLabel('Months of construction').fill('99');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please check' })).toContainText(
      'Months of construction: enter a number from 1 to 36.',
    );
    await expect(page.getByLabel('Months of construction')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('with JavaScript', () => {
  test('construction interest: no script before an interaction, results follow the typing', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const response = await page.goto(`${server.url}${INTEREST}?amount=400000&rate=7.5&months=12&draw=even`);
    expect(response!.headers()['cache-control']).toContain('no-store');
    await page.waitForLoadState('load');
    expect(scripts.filter((url) => url.includes('/_next/static/'))).toEqual([]);
    await expect(total(page)).toHaveText('$16,250.00');

    // Typed before React: the field keeps it and the results catch up at hydration.
    const amount = page.getByLabel('Construction loan amount');
    await amount.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('800000');
    await expect(page.locator(`html[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(1);
    await expect(total(page)).toHaveText('$32,500.00');
    await expect(amount).toHaveValue('800000');

    await page.getByLabel('Draw schedule', { exact: true }).selectOption('back');
    await expect(page.getByRole('table', { name: 'Monthly draw schedule' })).toContainText('Total');
    await page.getByLabel('Draw schedule', { exact: true }).selectOption('custom');
    await expect(page.getByTestId('invalid-inputs')).toContainText('Custom draws');
    await page
      .getByLabel('Custom draws (one amount per month)')
      .fill('100000 100000 100000 100000 100000 100000 100000 100000 100000 100000 100000 100000');
    await page.getByLabel('Months of construction').fill('12');
    await expect(total(page)).toHaveText('$48,750.00');
    // The address follows, so the link shares what is on screen.
    await expect(page).toHaveURL(/draw=custom/);
    await page.reload();
    await expect(total(page)).toHaveText('$48,750.00');
  });
});

test('calculator pages pass axe at phone and desktop widths', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [INTEREST, `${INTEREST}?months=0`]) {
      await page.goto(server.url + path);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(violations.map((v) => `${width} ${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  }
});

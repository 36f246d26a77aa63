import { expect, test } from '@playwright/test';
import { OWNER_PASSWORD } from './admin-support';
import { signInToDashboard } from './admin-ui';
import { startServer, type RunningServer } from './server';

/**
 * Step-up (issue 28): where 'Confirm it's you' may send the browser afterwards, what needs it, and
 * how often a session may guess the password it asks for.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

test('after confirming, /admin/confirm goes on only to the admin, however `next` is written', async ({ page }) => {
  // Anything the browser asks of another host is answered here and noted: nothing may be.
  const elsewhere: string[] = [];
  const own = new URL(server.url).host;
  await page.context().route(
    (url) => url.host !== own,
    (route) => {
      elsewhere.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title>' });
    },
  );
  await signInToDashboard(page, server.url);
  for (const query of [
    'next=/admin/..//evil.example/login',
    'next=/admin/%2e%2e//evil.example/login',
    `next=${encodeURIComponent('/admin/%2e%2e//evil.example/login')}`,
    `next=${encodeURIComponent('/admin/../\\evil.example/login')}`,
    `next=${encodeURIComponent('/admin/\t..//evil.example/login')}`,
  ]) {
    await page.goto(`${server.url}/admin/confirm?${query}`);
    await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page, query).toHaveURL(`${server.url}/admin`);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  }
  expect(elsewhere).toEqual([]);
});

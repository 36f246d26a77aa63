import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { expectToast } from './leads-support';
import { root, startServer, type RunningServer } from './server';
import { addAccount, signInAs } from './team-support';

/**
 * The Overview's setup checklist (issue 33, point 2) on a fresh site: each item says whether it is
 * done, in words, with a link to the page that does it; items tick as the owner does them in the
 * admin (a license, the postal address) and as `npm run db:backup` runs; a skipped item stays
 * skipped after a reload, the list goes once nothing is left to do, and 'Show the setup checklist
 * again' brings it back. axe finds nothing at each step. The rules behind each item are in
 * tests/integration/setup-checklist.test.ts, on both engines.
 */

let server: RunningServer;
test.beforeAll(async () => {
  // No SITE_URL, whatever the runner's environment holds: the item is then to do.
  server = await startServer({ env: { SITE_URL: '' } });
});
test.afterAll(async () => {
  await server?.stop();
});

const checklist = (page: Page) => page.getByRole('region', { name: 'Set up your site' });
const item = (page: Page, label: string) => checklist(page).getByTestId('setup-item').filter({ hasText: label });
const statusOf = (page: Page, label: string) => item(page, label).getByTestId('setup-item-status');

/** `npm run db:backup` against the server's database, as an operator's nightly job runs it. */
function runBackup(databasePath: string) {
  const dir = mkdtempSync(join(tmpdir(), 'clp-checklist-backups-'));
  const child = spawn(process.execPath, ['server-build/backup.js'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: `file:${databasePath}`, BACKUP_DIR: dir, BACKUP_PASSPHRASE: '' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('close', (code) => {
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, stderr });
    }),
  );
}

test('a fresh site lists what is missing; items tick as they are done; skipped items hide the list until shown again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInToDashboard(page, server.url);

  // A fresh site: only the password is done (the server's ADMIN_PASSWORD, never the printed default).
  await expect(checklist(page).getByRole('heading', { name: 'Set up your site', level: 2 })).toBeVisible();
  await expect(checklist(page).getByTestId('setup-progress')).toContainText('1 of 7 done');
  await expect(checklist(page).getByRole('listitem')).toHaveCount(7);
  await expect(statusOf(page, 'Password changed')).toHaveText('Done');
  for (const label of ['Two-factor on', 'E-mail working', 'Postal address entered', 'Licenses entered', 'Site URL set'])
    await expect(statusOf(page, label)).toHaveText('To do');
  await expect(statusOf(page, 'Backups run in the last 7 days')).toHaveText('To do');
  await expect(item(page, 'Two-factor on').getByRole('link', { name: 'Set up two-factor' })).toHaveAttribute(
    'href',
    '/admin/account#two-factor-title',
  );
  await expect(item(page, 'E-mail working').getByRole('link')).toHaveAttribute('href', '/admin/settings');
  await expect(item(page, 'Site URL set').getByRole('link')).toHaveAttribute('href', '/admin/settings');
  await expectNoAxeViolations(page);

  // Licenses entered: through the item's own link.
  await item(page, 'Licenses entered').getByRole('link', { name: 'Add your licenses' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/licenses`);
  const form = page.getByTestId('license-add-form');
  await form.getByLabel('State', { exact: true }).selectOption('TX');
  await form.getByLabel('License type').fill('Residential Mortgage Loan Company License');
  await form.getByLabel('License number').fill('1234567');
  await form.getByRole('button', { name: 'Add license' }).click();
  await expectToast(page, '✅ License Added');
  await openSection(page, 'Overview');
  await expect(statusOf(page, 'Licenses entered')).toHaveText('Done');
  await expect(item(page, 'Licenses entered').getByRole('link')).toHaveCount(0);
  await expect(checklist(page).getByTestId('setup-progress')).toContainText('2 of 7 done');

  // Postal address entered: the link opens Site Content, where the auto-reply's section holds it.
  await item(page, 'Postal address entered').getByRole('link').click();
  await expect(page).toHaveURL(`${server.url}/admin/content#section-autoReply`);
  await page.getByRole('button', { name: 'Auto-reply to Visitors' }).click();
  await page.locator('#panel-autoReply').getByLabel('Postal Address').fill('123 Main St, Boise, ID 83702');
  await page.getByRole('button', { name: 'Save All Changes' }).click();
  await expectToast(page, '✅ Content Saved!');
  await openSection(page, 'Overview');
  await expect(statusOf(page, 'Postal address entered')).toHaveText('Done');
  await expect(checklist(page).getByTestId('setup-progress')).toContainText('3 of 7 done');

  // Backups: no admin page runs them; the command records its success for every instance.
  const backup = await runBackup(server.databasePath);
  expect(backup.code, backup.stderr).toBe(0);
  expect(backup.stderr).not.toContain('not recorded');
  await page.reload();
  await expect(statusOf(page, 'Backups run in the last 7 days')).toHaveText('Done');
  await expect(item(page, 'Backups run in the last 7 days')).toContainText(/Last: \w+ \d+, \d{4}/);
  await expect(checklist(page).getByTestId('setup-progress')).toContainText('4 of 7 done');
  await expectNoAxeViolations(page);

  // Skipped: the state says so in words, survives a reload, and can be undone on the spot.
  await item(page, 'Two-factor on').getByRole('button', { name: 'Skip: Two-factor on' }).click();
  await expectToast(page, '✅ Item Skipped');
  await expect(statusOf(page, 'Two-factor on')).toHaveText('Skipped');
  await expect(item(page, 'Two-factor on').getByRole('button', { name: 'Show again: Two-factor on' })).toBeVisible();
  await expect(checklist(page).getByTestId('setup-progress')).toContainText('4 of 7 done, 1 skipped');
  await page.reload();
  await expect(statusOf(page, 'Two-factor on')).toHaveText('Skipped');
  expect(withDb(server.databasePath, (db) => db.prepare('SELECT item FROM setup_checklist_dismissals').all())).toEqual([
    { item: 'two-factor' },
  ]);
  await expectNoAxeViolations(page);

  // Nothing left to do: the list goes, and the Overview offers it again.
  await item(page, 'E-mail working').getByRole('button', { name: 'Skip: E-mail working' }).click();
  await expect(statusOf(page, 'E-mail working')).toHaveText('Skipped');
  // The last item still to do: once it is skipped the whole list goes.
  await item(page, 'Site URL set').getByRole('button', { name: 'Skip: Site URL set' }).click();
  await expect(checklist(page)).toHaveCount(0);
  const showAgain = page.getByRole('button', { name: 'Show the setup checklist again' });
  await expect(showAgain).toBeVisible();
  await expect(page.getByText('The setup checklist is hidden: 4 of 7 done, 3 skipped.')).toBeVisible();
  await expectNoAxeViolations(page);
  await showAgain.click();
  await expectToast(page, '✅ Shown Again');
  await expect(checklist(page).getByTestId('setup-progress')).toContainText('4 of 7 done');
  for (const label of ['Two-factor on', 'E-mail working', 'Site URL set'])
    await expect(statusOf(page, label)).toHaveText('To do');
  await expect(showAgain).toHaveCount(0);

  const logged = withDb(server.databasePath, (db) =>
    db.prepare("SELECT action, target FROM activity_log WHERE action LIKE 'setup_%' ORDER BY at, id").all(),
  ) as { action: string; target: string }[];
  expect(
    logged
      .filter((entry) => entry.action === 'setup_item_skipped')
      .map((entry) => entry.target)
      .sort(),
  ).toEqual(['email', 'site-url', 'two-factor']);
  expect(logged.filter((entry) => entry.action === 'setup_items_shown_again')).toEqual([
    { action: 'setup_items_shown_again', target: '' },
  ]);
});

test('the checklist is the owner’s: a loan officer’s Overview has none', async () => {
  await addAccount(server.databasePath, {
    id: 'officer000000000000000000000000c',
    email: 'lou.checklist@example.com',
    role: 'loan_officer',
  });
  const cookie = await signInAs(server.url, 'lou.checklist@example.com');
  const response = await fetch(`${server.url}/admin`, { headers: { Cookie: cookie }, redirect: 'manual' });
  const body = await response.text();
  expect(response.status).toBe(200);
  expect(body).toContain('id="overview-title"');
  expect(body).not.toContain('id="setup-checklist-title"');
  expect(body).not.toContain('Show the setup checklist again');
});

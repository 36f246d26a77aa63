import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, DEFAULT_PASSWORD, fetchAdmin, FIRST_START, OWNER_PASSWORD, withDb } from './admin-support';
import { openSection } from './admin-ui';
import { startServer } from './server';

const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).locator('li');
/**
 * For what follows a password check: scrypt (N = 2^17) takes its time on a busy machine, and
 * nothing else moves the page on meanwhile.
 */
const afterScrypt = expect.configure({ timeout: 15_000 });

async function signIn(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function choosePassword(page: Page, password: string, confirmation = password) {
  // React empties the form once its action has answered, after showing the answer: wait for that.
  await expect(page.getByLabel('New Password', { exact: true })).toHaveValue('');
  await page.getByLabel('New Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm New Password').fill(confirmation);
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

test('first start: the default password shown on /login opens only "Choose your password", then the hint is gone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = await startServer({ env: FIRST_START });
  try {
    await page.goto(`${server.url}/admin`);
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByTestId('default-password-hint')).toContainText(DEFAULT_PASSWORD);

    // Wrong password: 'Verifying...' while checking, the spec's toast, the field cleared.
    await signIn(page, 'not the password');
    await expect(page.getByRole('button', { name: 'Verifying...' })).toBeVisible();
    await afterScrypt(toast(page)).toContainText('❌ Invalid Password');
    await expect(toast(page)).toContainText('Please check the password and try again.');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The default signs in, as the spec's login does, and goes first to choosing a password.
    await signIn(page, DEFAULT_PASSWORD);
    await afterScrypt(toast(page)).toContainText('✅ Login Successful!');
    await expect(page).toHaveURL(`${server.url}/admin/choose-password`, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(page.getByLabel('New Password', { exact: true })).toBeFocused();
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // No other admin page opens meanwhile, by link or typed address.
    for (const path of ['/admin', '/admin/leads', '/admin/security', '/admin/account', '/admin/confirm?next=/admin/leads']) {
      await page.goto(`${server.url}${path}`);
      await expect(page, path).toHaveURL(`${server.url}/admin/choose-password`);
      await expect(page.getByText('Leads Database')).toHaveCount(0);
    }

    await choosePassword(page, 'a-new-password', 'a-different-one');
    await expect(page.getByText('Your new password and confirmation do not match.')).toBeVisible();
    await choosePassword(page, 'short');
    await expect(page.getByText('The new password must be at least 8 characters long.')).toBeVisible();
    await choosePassword(page, DEFAULT_PASSWORD);
    await expect(page.getByText('Choose a password other than the default.')).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/admin/choose-password`);

    const chosen = 'The owner chose this one at first start';
    await choosePassword(page, chosen);
    await expect(page).toHaveURL(`${server.url}/admin`, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await openSection(page, 'Leads');

    // Signed out: the hint with the default is gone, the default no longer signs in, the new one does.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByTestId('default-password-hint')).toHaveCount(0);
    await expect(page.getByText(DEFAULT_PASSWORD)).toHaveCount(0);
    await signIn(page, DEFAULT_PASSWORD);
    await afterScrypt(toast(page)).toContainText('❌ Invalid Password');
    await signIn(page, chosen);
    await expect(page).toHaveURL(`${server.url}/admin`, { timeout: 15_000 });
    await page.goto(`${server.url}/admin/choose-password`);
    await afterScrypt(page).toHaveURL(`${server.url}/admin`);
  } finally {
    await server.stop();
  }
});

test('sign-in, password change, logout and session expiry in the browser', async ({ page }) => {
  test.setTimeout(180_000);
  const server = await startServer();
  try {
    await page.goto(`${server.url}/admin`);
    await expect(page).toHaveURL(`${server.url}/login`);
    // ADMIN_PASSWORD is set: nothing on /login tells the password.
    await expect(page.getByTestId('default-password-hint')).toHaveCount(0);

    await signIn(page, OWNER_PASSWORD);
    await afterScrypt(toast(page)).toContainText('✅ Login Successful!');
    await expect(toast(page)).toContainText('Redirecting you to the admin dashboard');
    await afterScrypt(page).toHaveURL(`${server.url}/admin`);

    // A second session elsewhere, which the password change must end.
    const other = await apiSignIn(server.url, OWNER_PASSWORD);
    expect((await fetchAdmin(server.url, other.cookie)).isAdmin).toBe(true);

    await openSection(page, 'Security');
    await expect(page).toHaveURL(`${server.url}/admin/security`);
    await expect(page.getByRole('heading', { name: 'Change Admin Password' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Active Sessions' })).toContainText('(this session)');
    const update = page.getByRole('button', { name: 'Update Password' });

    await update.click();
    await expect(toast(page)).toContainText('Please fill out all password fields.');

    await page.getByLabel('Current Password').fill(OWNER_PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill('a-new-password');
    await page.getByLabel('Confirm New Password').fill('a-different-one');
    await update.click();
    await expect(toast(page)).toContainText("❌ Passwords Don't Match");
    await expect(toast(page)).toContainText('Your new password and confirmation do not match.');

    await page.getByLabel('Current Password').fill(OWNER_PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await update.click();
    await expect(toast(page)).toContainText('at least 8 characters');

    const newPassword = 'A long passphrase for the owner, sixty-four characters in total!';
    expect(newPassword).toHaveLength(64);
    await page.getByLabel('Current Password').fill('wrong current password');
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await update.click();
    await expect(toast(page)).toContainText('❌ Incorrect Password');
    await expect(toast(page)).toContainText('The current password you entered is incorrect.');

    await page.getByLabel('Current Password').fill(OWNER_PASSWORD);
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await update.click();
    await expect(toast(page)).toContainText('✅ Password Changed');

    // The other session's cookie no longer works.
    expect((await fetchAdmin(server.url, other.cookie)).isAdmin).toBe(false);

    // Logout ends this session on the server too: its cookie, replayed, is refused.
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'clp_admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.url}/login`);
    expect((await fetchAdmin(server.url, `clp_admin=${cookie!.value}`)).isAdmin).toBe(false);
    await page.goto(`${server.url}/admin`);
    await expect(page).toHaveURL(`${server.url}/login`);

    // The old password no longer signs in; the new one does.
    await signIn(page, OWNER_PASSWORD);
    await afterScrypt(toast(page)).toContainText('❌ Invalid Password');
    await signIn(page, newPassword);
    await afterScrypt(page).toHaveURL(`${server.url}/admin`);

    // Expire the session: last seen three hours ago (idle timeout 2 h).
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
    withDb(server.databasePath, (db) => db.prepare('UPDATE admin_sessions SET last_seen_at = ?').run(threeHoursAgo));
    await page.goto(`${server.url}/admin/leads`);
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('the login form and the first password choice work without JavaScript', async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startServer({ env: FIRST_START });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}/login`);
    await signIn(page, 'wrong password');
    await expect(page).toHaveURL(`${server.url}/login?error=invalid`);
    await expect(page.getByRole('status')).toContainText('Please check the password and try again.');
    await signIn(page, DEFAULT_PASSWORD);
    await expect(page).toHaveURL(`${server.url}/admin/choose-password`);
    await choosePassword(page, 'short');
    await expect(page.getByText('at least 8 characters')).toBeVisible();
    await choosePassword(page, 'chosen without any script');
    await afterScrypt(page).toHaveURL(`${server.url}/admin`);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
  }
});

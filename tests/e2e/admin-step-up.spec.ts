import { expect, test } from '@playwright/test';
import { apiSignIn, hiddenActionFields, OWNER_PASSWORD, postForm, withDb } from './admin-support';
import { signInToDashboard } from './admin-ui';
import { callServerAction, serverAction } from './server-actions';
import { startServer, type RunningServer } from './server';

/**
 * Step-up (issue 28): where 'Confirm it's you' may send the browser afterwards, what needs it, and
 * how often a session may guess the password it asks for.
 */

let server: RunningServer;
test.beforeAll(async () => {
  // A small per-session allowance keeps the throttle test short; the other tests never guess wrong.
  server = await startServer({ env: { LOGIN_LIMIT_PER_MINUTE: '3' } });
});
test.afterAll(async () => {
  await server.stop();
});

const elevenMinutesAgo = () => new Date(Date.now() - 11 * 60_000).toISOString();

/** The sign-in of every session is eleven minutes old: step-up actions ask again. */
function ageSignIns() {
  withDb(server.databasePath, (db) => db.prepare('UPDATE admin_sessions SET authenticated_at = ?').run(elevenMinutesAgo()));
}

test('after confirming, /admin/confirm goes on only to the admin, however `next` is written', async ({ page }) => {
  test.setTimeout(150_000);
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
    // Confirming runs scrypt (N = 2^17) and loads the Overview: slow on a busy machine, by design.
    await expect(page, query).toHaveURL(`${server.url}/admin`, { timeout: 15_000 });
  }
  expect(elsewhere).toEqual([]);
});

test('adding an authenticator app or a passkey needs a recent sign-in, and nothing is stored without one', async () => {
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  ageSignIns();
  const fakeRegistration = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
    clientExtensionResults: {},
  };
  for (const [name, args] of [
    ['startTotpSetUpAction', []],
    ['confirmTotpSetUpAction', [{ code: '123456' }]],
    ['passkeyRegistrationOptionsAction', []],
    ['addPasskeyAction', [{ name: 'Planted', response: fakeRegistration }]],
  ] as const) {
    const response = await callServerAction(server.url, serverAction('lib/auth/actions/two-factor.ts', name), [...args], {
      cookie,
    });
    expect(response.status, name).toBe(200);
    expect(await response.text(), name).toContain('"code":"step-up"');
  }
  const stored = withDb(server.databasePath, (db) => ({
    steps: db.prepare("SELECT purpose FROM auth_challenges WHERE purpose IN ('totp-setup', 'passkey-register')").all(),
    passkeys: db.prepare('SELECT id FROM passkeys').all(),
    totp: db.prepare("SELECT totp_secret FROM admin_users WHERE id = 'admin'").get(),
  }));
  expect(stored).toEqual({ steps: [], passkeys: [], totp: { totp_secret: null } });
});

test("with an old sign-in, 'Set up two-factor authentication' asks 'Confirm it's you' first", async ({ page }) => {
  await signInToDashboard(page, server.url);
  ageSignIns();
  await page.goto(`${server.url}/admin/security`);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await expect(section.getByRole('img', { name: /QR code/ })).toHaveCount(0);
  await dialog.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  // The password's scrypt (N = 2^17) takes its time on a busy machine: nothing else closes the dialog.
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
});

test("a session's guesses at the current password in 'Change Admin Password' are throttled, and change nothing", async () => {
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  const hashBefore = withDb(server.databasePath, (db) =>
    db.prepare("SELECT password_hash FROM admin_users WHERE id = 'admin'").get(),
  );
  const hidden = await hiddenActionFields(server.url, '/admin/security', cookie, 'changePasswordAction');
  const change = async (currentPassword: string, session = cookie) => {
    const answer = await postForm(server.url, '/admin/security', session, {
      ...hidden,
      currentPassword,
      newPassword: 'taken-over-password',
      confirmPassword: 'taken-over-password',
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  for (let i = 0; i < 3; i++) expect(await change(`guess ${i}`)).toContain('The current password you entered is incorrect.');
  // The allowance (LOGIN_LIMIT_PER_MINUTE) is spent: even the right password is not tried now.
  const refused = await change(OWNER_PASSWORD);
  expect(refused).toMatch(/Too many attempts\. Please try again in \d+ seconds?\./);
  expect(refused).not.toContain('✅');
  expect(
    withDb(server.databasePath, (db) => db.prepare("SELECT password_hash FROM admin_users WHERE id = 'admin'").get()),
  ).toEqual(hashBefore);
  expect(
    withDb(server.databasePath, (db) =>
      db.prepare("SELECT count(*) AS n FROM activity_log WHERE action = 'password_changed'").get(),
    ),
  ).toEqual({ n: 0 });
  // The allowance is this session's: another session of the account still has its own.
  const other = await apiSignIn(server.url, OWNER_PASSWORD);
  expect(await change('guess 4', other.cookie)).toContain('The current password you entered is incorrect.');
});

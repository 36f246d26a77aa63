import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { open as openSealed, seal } from '../../lib/auth/secret-box.server';
import { base32Decode, base32Encode, newTotpSecret, timeStep, totpCode } from '../../lib/auth/two-factor/totp';
import { startProductionServer, type RunningServer } from '../support/production-server';
import { apiSignIn, OWNER_PASSWORD, form, withDb } from './admin-support';
import { expectNoAxeViolations, toast } from './admin-ui';
import { fullApplication, postPageForm } from './leads-support';
import { freePort, startExpectingFailure, tempDatabasePath } from './server';

/**
 * Two-factor sign-in (issue 17) as a person meets it: an authenticator app set up with a code
 * computed here, recovery codes, passkeys on Chromium's virtual authenticator, the second step
 * without JavaScript, and step-up. The rules behind these screens are integration and unit tests
 * on real databases: each code, recovery code and second step working once, the throttle shared
 * with the password, and the password alone not enough once there is a passkey in
 * tests/integration/second-factor-sign-in.test.ts; set-up, recovery codes and their renewal in
 * lib/auth/two-factor/two-factor-store.test.ts.
 * Each server serves on http://localhost:PORT with SITE_URL the same: passkeys are bound to the
 * site's host name, and an IP address cannot be a WebAuthn relying party.
 */

async function startLocalhostServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const temp = tempDatabasePath();
  const server = await startProductionServer({
    databasePath: temp.path,
    port,
    env: { SITE_URL: `http://localhost:${port}`, ...env },
  });
  return {
    ...server,
    url: `http://localhost:${port}`,
    stop: async () => {
      await server.stop();
      temp.cleanup();
    },
  };
}

/** The key the server generated beside its SQLite file (data/secret.key's place). */
const serverKey = (server: RunningServer) =>
  Buffer.from(readFileSync(join(dirname(server.databasePath), 'secret.key'), 'utf8').trim(), 'base64');

const codeAt = (secret: Buffer, stepOffset = 0) => totpCode(secret, timeStep(Date.now()) + stepOffset);

/**
 * Signs the owner in as the login form does (its POST, from the page's own context and cookies),
 * without loading /login and the dashboard first: the form itself is admin-auth.spec.ts's, and
 * its second step is tested below.
 */
async function signInFromPage(page: Page, url: string) {
  const response = await page.request.post(`${url}/api/auth/login`, {
    headers: { Origin: url, Accept: 'application/json' },
    multipart: { password: OWNER_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The password on /login, where the browser already is. */
async function enterPassword(page: Page) {
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function logout(page: Page, url: string) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${url}/login`);
}

test('set up an authenticator app, then sign in with its code; recovery codes confirm an export and a security change', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const server = await startLocalhostServer();
  const { url } = server;
  try {
    // The owner without two-factor signs in with the password alone.
    await signInFromPage(page, url);
    await page.goto(`${url}/admin/security`);
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secretText = await section.getByTestId('totp-secret').textContent();
    expect(secretText).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    const secret = base32Decode(secretText!)!;
    await expectNoAxeViolations(page);

    // A wrong first code is refused; the app's current code turns it on.
    await section.getByLabel('Authentication code').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(toast(page)).toContainText('❌ Invalid Code');
    await section.getByLabel('Authentication code').fill(codeAt(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(toast(page)).toContainText('✅ Two-Factor On');
    const recoveryCodes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section).toContainText('10 recovery codes left.');

    // Stored sealed; the log has it.
    const row = withDb(server.databasePath, (db) =>
      db.prepare("SELECT totp_secret FROM admin_users WHERE id = 'admin'").get(),
    ) as { totp_secret: string };
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(openSealed(row.totp_secret, 'totp:admin', serverKey(server))).toBe(base32Encode(secret));
    const logged = () =>
      withDb(server.databasePath, (db) => db.prepare('SELECT action, detail FROM activity_log ORDER BY at, id').all()) as {
        action: string;
        detail: string;
      }[];
    expect(logged().map((e) => e.action)).toContain('two_factor_enabled');

    // Sign out; the password alone now leads to the code, not to the dashboard.
    await logout(page, url);
    await enterPassword(page);
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByText('Enter one of your recovery codes instead')).toBeVisible();
    await expect(page).toHaveURL(`${url}/login`);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('clp_admin');
    await expectNoAxeViolations(page);

    // A wrong code is refused and logged (each code working once, and recovery codes signing in
    // once each: tests/integration/second-factor-sign-in.test.ts).
    await enterCode(page, '000000');
    await expect(toast(page)).toContainText('❌ Invalid Code');
    // The next step's code, pasted with a space, signs in.
    const fresh = codeAt(secret, 1);
    await enterCode(page, `${fresh.slice(0, 3)} ${fresh.slice(3)}`);
    await expect(page).toHaveURL(`${url}/admin`, { timeout: 15_000 });
    const signIns = logged().filter((e) => e.action === 'sign_in_failed');
    expect(signIns.at(-1)?.detail).toContain('"reason":"code"');

    // Step-up: with the sign-in 11 minutes old, the export link asks to confirm first, then downloads.
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    withDb(server.databasePath, (db) => db.prepare('UPDATE admin_sessions SET authenticated_at = ?').run(elevenMinutesAgo));
    await page.goto(`${url}/admin/leads`);
    await page.getByRole('link', { name: 'Export CSV' }).click();
    await expect(page).toHaveURL(/\/admin\/confirm\?next=%2Fapi%2Fadmin%2Fleads%2Fexport/);
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
    await page.getByLabel('Authentication code').fill(recoveryCodes[0]!);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    expect((await download).suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(logged().map((e) => e.action)).toEqual(expect.arrayContaining(['recovery_code_used', 'step_up', 'leads_exported']));

    // An action needing step-up opens the 'Confirm it's you' dialog and runs once confirmed.
    withDb(server.databasePath, (db) => db.prepare('UPDATE admin_sessions SET authenticated_at = ?').run(elevenMinutesAgo));
    await page.goto(`${url}/admin/security`);
    await page.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Password', { exact: true }).fill('not the password');
    await dialog.getByLabel('Authentication code').fill(recoveryCodes[1]!);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText('The password is not right.');
    await dialog.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    // New codes (that the old ones stop working: lib/auth/two-factor/two-factor-store.test.ts).
    const newCodes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(newCodes).not.toContain(recoveryCodes[2]);
  } finally {
    await server.stop();
  }
});

test('without JavaScript the second step is a plain form post: a wrong code is refused, then throttled, and the right one signs in once', async () => {
  // One wrong guess a minute: the limit, shared with the password, is counted in
  // tests/integration/second-factor-sign-in.test.ts; here, what a plain form post gets back.
  const server = await startLocalhostServer({ LOGIN_LIMIT_PER_MINUTE: '1' });
  const { url } = server;
  try {
    // Turn the app on for the owner as the set-up would store it.
    await apiSignIn(url, OWNER_PASSWORD); // creates the owner's row
    const secret = newTotpSecret();
    withDb(server.databasePath, (db) =>
      db
        .prepare("UPDATE admin_users SET totp_secret = ?, totp_enabled_at = ? WHERE id = 'admin'")
        .run(seal(base32Encode(secret), 'totp:admin', serverKey(server)), new Date().toISOString()),
    );

    // The password leads back to /login with the step's cookie...
    const password = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: url },
      body: form({ password: OWNER_PASSWORD }),
      redirect: 'manual',
    });
    expect(password.status).toBe(303);
    expect(password.headers.get('location')).toBe('/login');
    const [step] = password.headers.getSetCookie();
    expect(step).toMatch(/^clp_2fa=[\w-]{43};.*HttpOnly/i);
    expect(password.headers.getSetCookie().some((c) => c.startsWith('clp_admin='))).toBe(false);
    const stepCookie = step!.split(';')[0]!;
    const login = await (await fetch(`${url}/login`, { headers: { Cookie: stepCookie } })).text();
    expect(login).toContain('Authentication code');

    const sendCode = (code: string, json = false) =>
      fetch(`${url}/api/auth/second-factor`, {
        method: 'POST',
        headers: { Origin: url, Cookie: stepCookie, ...(json ? { Accept: 'application/json' } : {}) },
        body: form({ code }),
        redirect: 'manual',
      });
    // ...where a wrong code sends it back, saying why; the next guess within the minute is throttled.
    const wrong = await sendCode('000000');
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get('location')).toBe('/login?error=code');
    const throttled = await sendCode(codeAt(secret));
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await throttled.text()).toMatch(/Too many sign-in attempts\. Please try again in \d+ seconds?\./);

    // Once the minute has been moved on, the right code signs in with a 303.
    withDb(server.databasePath, (db) =>
      db.prepare('UPDATE sign_in_attempts SET attempted_at = ?').run(new Date(Date.now() - 61_000).toISOString()),
    );
    const right = await sendCode(codeAt(secret));
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/admin');
    expect(right.headers.getSetCookie().some((c) => /^clp_admin=[\w-]{43};/.test(c))).toBe(true);
    // The step was used up: its cookie starts nothing more.
    const again = await sendCode(codeAt(secret, 1), true);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe('expired');
  } finally {
    await server.stop();
  }
});

test('add a passkey, then sign in with it alone and confirm a deletion with it (Chromium virtual authenticator)', async ({
  page,
}) => {
  const server = await startLocalhostServer();
  const { url } = server;
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await signInFromPage(page, url);
    // /login offers passkeys only once someone has one. Adding one needs a recent sign-in: with
    // the sign-in 11 minutes old, 'Confirm it's you' comes before the browser's passkey prompt.
    withDb(server.databasePath, (db) =>
      db.prepare('UPDATE admin_sessions SET authenticated_at = ?').run(new Date(Date.now() - 11 * 60_000).toISOString()),
    );
    await page.goto(`${url}/admin/security`);
    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
    await stepUp.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
    await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click();
    // The confirmation's scrypt (N = 2^17) comes first: it takes its time on a busy machine.
    await expect(toast(page)).toContainText('✅ Passkey Added', { timeout: 15_000 });
    await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');
    await expectNoAxeViolations(page);
    const stored = withDb(server.databasePath, (db) => db.prepare('SELECT user_id, counter, transports FROM passkeys').all());
    expect(stored).toEqual([expect.objectContaining({ user_id: 'admin' })]);

    await logout(page, url);
    const passkey = page.getByRole('button', { name: 'Sign in with a passkey' });
    await expect(passkey).toBeVisible();
    await expectNoAxeViolations(page);
    await passkey.click();
    await expect(page).toHaveURL(`${url}/admin`, { timeout: 15_000 });
    const signIn = withDb(server.databasePath, (db) =>
      db.prepare("SELECT detail FROM activity_log WHERE action = 'sign_in' ORDER BY at DESC, id DESC LIMIT 1").get(),
    ) as { detail: string };
    expect(signIn.detail).toContain('"method":"passkey"');

    // Step-up with a passkey: deleting a lead with the sign-in 11 minutes old asks to confirm first.
    expect((await postPageForm(url, '/apply', fullApplication)).status).toBe(200);
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    withDb(server.databasePath, (db) => db.prepare('UPDATE admin_sessions SET authenticated_at = ?').run(elevenMinutesAgo));
    await page.goto(`${url}/admin/leads`);
    await page.getByTestId('lead-row').getByRole('button', { name: 'Jane Builder', exact: true }).click();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete lead' }).click();
    const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
    await expect(confirm).toContainText('use your passkey');
    await expect(confirm.getByLabel('Password', { exact: true })).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await expect(toast(page)).toContainText('🗑️ Lead Deleted');
    expect(withDb(server.databasePath, (db) => db.prepare('SELECT count(*) AS c FROM leads').get())).toEqual({ c: 0 });
    // That the password alone is not enough now: tests/integration/second-factor-sign-in.test.ts.
  } finally {
    await server.stop();
  }
});

test('with two-factor required, an account without it can only set it up', async ({ page }) => {
  const server = await startLocalhostServer();
  const { url } = server;
  try {
    await signInFromPage(page, url);
    withDb(server.databasePath, (db) => db.prepare("INSERT INTO app_meta (key, value) VALUES ('require_two_factor', '1')").run());
    await page.goto(`${url}/admin/leads`);
    await expect(page).toHaveURL(`${url}/admin/account`);
    await expect(page.getByText('Two-factor authentication is required for every account.')).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'clp_admin')!;
    const exported = await fetch(`${url}/api/admin/leads/export`, { headers: { Cookie: `clp_admin=${cookie.value}` } });
    expect(exported.status).toBe(403);

    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = base32Decode((await page.getByTestId('totp-secret').textContent())!)!;
    await page.getByLabel('Authentication code').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    await expect(page.getByTestId('recovery-codes')).toBeVisible();
    await page.goto(`${url}/admin/leads`);
    await expect(page).toHaveURL(`${url}/admin/leads`);
  } finally {
    await server.stop();
  }
});

test('PostgreSQL without SECRET_KEY refuses to start, naming it', async () => {
  const { code, output } = await startExpectingFailure({
    PORT: String(await freePort()),
    DATABASE_URL: 'postgres://user:password@127.0.0.1:1/site',
  });
  expect(code).toBe(1);
  expect(output).toContain('SECRET_KEY is required with PostgreSQL');
});

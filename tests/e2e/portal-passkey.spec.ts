import { expect, test, type Page } from '@playwright/test';
import { startSmtp } from '../support/mail';
import { expectNoAxeViolations, MAIL_ENV } from './leads-support';
import { applicationWithFile, builderApplication, linkIn, mailTo, withDatabase } from './portal-support';
import { freePort, startServer, type RunningServer } from './server';

/**
 * The borrower's passkey (issue 30, point 3) as a borrower meets it, on Chromium's virtual
 * authenticator (as admin-two-factor.spec.ts): signed in by the e-mailed link, they add a passkey,
 * sign out, sign in with it alone, and remove it. Without JavaScript the signed-out page offers no
 * passkey button and the signed-in page says why none can be added. The rules behind these screens
 * (the session needed, the limit, challenges answered once, another file's passkeys) are
 * tests/integration/portal-passkeys.test.ts. The server serves on http://localhost:PORT with
 * SITE_URL the same: passkeys are bound to the site's host name, and an IP address cannot be a
 * WebAuthn relying party.
 */

let server: RunningServer;
let url: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let fileId: string;

const BORROWER = builderApplication.email!;

test.beforeAll(async () => {
  smtp = await startSmtp();
  const port = await freePort();
  url = `http://localhost:${port}`;
  server = await startServer({
    port,
    env: { SITE_URL: url, SMTP_URL: smtp.url, ...MAIL_ENV, SPAM_MIN_FILL_SECONDS: '0', LEAD_RATE_LIMIT: '1000' },
  });
  fileId = await applicationWithFile(url, builderApplication, server.databasePath);
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** Asks for a sign-in link on /portal and follows it from the e-mail; the page then shows the file. */
async function signInByLink(page: Page) {
  const before = smtp.mails.length;
  await page.goto(`${url}/portal`);
  await page.getByLabel('Email').fill(BORROWER);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('If a loan file uses that address');
  const mail = await mailTo(smtp.mails, BORROWER, /sign-in link/, before);
  await page.goto(linkIn(mail, `${url}/portal/sign-in?token=`));
  await page.getByRole('button', { name: 'Open my loan file' }).click();
  await expect(page.getByRole('heading', { name: 'Your construction loan' })).toBeVisible();
}

const passkeysOf = () =>
  withDatabase(server.databasePath, (db) =>
    db.selectFrom('portal_passkeys').select(['file_id', 'name', 'last_used_at']).execute(),
  );

test('a borrower adds a passkey, signs in with it alone, and removes it (Chromium virtual authenticator)', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  await signInByLink(page);
  const section = page.getByRole('region', { name: 'Sign in faster next time: add a passkey' });
  await section.getByLabel('Name this passkey (optional)').fill('Test phone');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toContainText('Passkey added');
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('Test phone');
  await expectNoAxeViolations(page);
  expect(await passkeysOf()).toEqual([{ file_id: fileId, name: 'Test phone', last_used_at: null }]);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status')).toContainText('You are signed out');
  const passkey = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkey).toBeVisible();
  await expectNoAxeViolations(page);
  const mailsBefore = smtp.mails.length;
  await passkey.click();
  await expect(page.getByRole('heading', { name: 'Your construction loan' })).toBeVisible({ timeout: 15_000 });
  expect(smtp.mails.length).toBe(mailsBefore);
  expect((await passkeysOf())[0]?.last_used_at).not.toBeNull();

  // A plain form: the page comes back saying so, the passkey gone.
  await page.getByRole('button', { name: 'Remove passkey Test phone' }).click();
  await expect(section.getByRole('status')).toContainText('The passkey was removed');
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
  expect(await passkeysOf()).toEqual([]);
});

test('without JavaScript: no passkey button on the sign-in page, and the signed-in page says why none can be added', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${url}/portal`);
    await expect(page.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
    await signInByLink(page);
    const section = page.getByRole('region', { name: 'Sign in faster next time: add a passkey' });
    await expect(section).toContainText('Adding a passkey needs JavaScript');
    await expect(section.getByRole('button', { name: 'Add a passkey' })).toHaveCount(0);
    // axe runs a script, which this context refuses: portal.spec.ts checks this same page, the
    // passkey section included, in a phone whose page scripts never arrive.
  } finally {
    await context.close();
  }
});

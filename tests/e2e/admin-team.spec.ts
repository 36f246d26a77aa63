import { expect, test, type Browser, type Page } from '@playwright/test';
import { startSmtp } from '../support/mail';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { MAIL_ENV, expectToast } from './leads-support';
import { freePort, startServer, type RunningServer } from './server';
import { invitationLink } from './team-support';

/**
 * Team accounts in the browser (issue 17): the owner invites by e-mail (through a real SMTP peer),
 * each invitee sets a password on the link's page and lands in the admin with only their role's
 * sections; sign-in by e-mail; per-session sign-out, role changes and removal from the dashboard.
 * The rules behind these screens are integration tests, on real databases: invitations (refused,
 * expired, revoked, used once) and role changes and removals taking effect at the account's next
 * request in tests/integration/team-invites.test.ts, a signed-out session in
 * tests/integration/account-sessions.test.ts, sign-in by e-mail in
 * tests/integration/second-factor-sign-in.test.ts, the tokens leaving the outbox once sent in
 * tests/integration/outbox-tokens.test.ts.
 */

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  smtp = await startSmtp();
  // SITE_URL is the address the invitation links point at: this server's own.
  const port = await freePort();
  server = await startServer({ port, env: { SITE_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, ...MAIL_ENV } });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const PASSWORD = 'a long team passphrase';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
const team = (page: Page) => page.getByRole('region', { name: 'Team', exact: true });
const accountRow = (page: Page, email: string) =>
  team(page).getByRole('table', { name: 'Accounts' }).getByRole('row').filter({ hasText: email });
const inviteRow = (page: Page, email: string) =>
  team(page).getByRole('table', { name: 'Pending Invitations' }).getByRole('row').filter({ hasText: email });

async function invite(page: Page, email: string, role: 'Owner' | 'Editor' | 'Loan officer') {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send Invitation' }).click();
}

/** Opens an invitation link in a browser of its own and accepts it. */
async function acceptInvitation(browser: Browser, link: string, name: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Join the Admin' })).toBeVisible();
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  return page;
}

const activity = (action: string) =>
  withDb(server.databasePath, (db) =>
    db.prepare('SELECT actor, target, detail FROM activity_log WHERE action = ? ORDER BY at').all(action),
  ) as {
    actor: string;
    target: string;
    detail: string;
  }[];

test('the owner invites an editor and a loan officer, who join and sign in by e-mail; the dashboard signs out a session, changes a role and removes an account', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // While the owner is the only account, /login is the spec's single password field.
  await page.goto(`${server.url}/login`);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveCount(0);

  await signInToDashboard(page, server.url);
  await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as Owner (Owner)');
  await openSection(page, 'Security');
  await expect(team(page).getByRole('heading', { name: 'Team' })).toBeVisible();
  await expect(accountRow(page, 'Built-in owner')).toContainText('Owner');
  await expect(team(page).getByText('No invitations are waiting.')).toBeVisible();

  await invite(page, 'Erin@Example.com', 'Editor');
  await expectToast(page, '✅ Invitation Sent', 'erin@example.com can join as Editor within 72 hours.');
  await expect(inviteRow(page, 'erin@example.com')).toContainText('Editor');
  await invite(page, 'lou@example.com', 'Loan officer');
  await expectToast(page, '✅ Invitation Sent');
  await expect(inviteRow(page, 'lou@example.com')).toContainText('Loan officer');
  // A second invitation to the same address is refused, and says why (the rule:
  // tests/integration/team-invites.test.ts).
  await invite(page, 'erin@example.com', 'Owner');
  await expectToast(page, '❌ Not Invited', 'That e-mail address already has an invitation waiting.');
  await expect(page.getByRole('form', { name: 'Invite someone' }).getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(inviteRow(page, 'erin@example.com')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The e-mails go to the invitees (not the broker's mailbox), through the real SMTP peer.
  const erinLink = await invitationLink(smtp.mails, 'erin@example.com');
  const louLink = await invitationLink(smtp.mails, 'lou@example.com');
  expect(erinLink).toMatch(new RegExp(`^${server.url}/invite/`));
  expect(smtp.mails.find((m) => m.to.includes('erin@example.com'))!.headers.subject).toBe(
    'Your invitation to the Construction Loan Pros admin',
  );

  // The editor joins: the form checks the password rules, then signs the account in.
  const editor = await (await browser.newContext()).newPage();
  await editor.goto(erinLink);
  await expect(editor.getByLabel('Email')).toHaveValue('erin@example.com');
  await expectNoAxeViolations(editor);
  await editor.getByLabel('Your Name').fill('Erin Editor');
  await editor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await editor.getByLabel('Confirm Password').fill('something else');
  await editor.getByRole('button', { name: 'Create Account' }).click();
  await expect(editor.getByRole('alert').filter({ hasText: 'do not match' })).toBeVisible();
  await expect(editor.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
  await editor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await editor.getByLabel('Confirm Password').fill(PASSWORD);
  await editor.getByRole('button', { name: 'Create Account' }).click();
  await expect(editor).toHaveURL(`${server.url}/admin/content`, { timeout: 15_000 });
  await expect(editor.getByTestId('signed-in-as')).toHaveText('Signed in as erin@example.com (Editor)');
  await expect(nav(editor)).toHaveText(['Site Content', 'Rates', 'Blog', 'Site Speed', 'My Account']);
  // Its session stays (signed out below from another browser); its page, no longer looked at, goes.
  await editor.context().close();

  // The loan officer joins without JavaScript: a plain form post.
  const officer = await acceptInvitation(browser, louLink, 'Lou Officer', { javaScriptEnabled: false });
  await expect(officer).toHaveURL(`${server.url}/admin`, { timeout: 15_000 });
  await expect(officer.getByTestId('signed-in-as')).toHaveText('Signed in as lou@example.com (Loan officer)');
  await expect(nav(officer)).toHaveText(['Overview', 'Leads', 'Loan Files', 'My Account']);
  await officer.context().close();
  expect(activity('invite_accepted').map((e) => e.actor)).toEqual(['erin@example.com', 'lou@example.com']);

  // The owner's list: both accounts with their roles, no invitation waiting.
  await page.reload();
  await expect(accountRow(page, 'erin@example.com')).toContainText('Erin Editor');
  await expect(accountRow(page, 'lou@example.com').getByRole('combobox', { name: 'Role of lou@example.com' })).toHaveValue(
    'loan_officer',
  );
  await expect(team(page).getByText('No invitations are waiting.')).toBeVisible();

  // With a team, /login asks for the e-mail too, empty by default (empty means the owner: the
  // rule in tests/integration/second-factor-sign-in.test.ts, the form in sign-in-lockout.spec.ts).
  const signIn = await (await browser.newContext()).newPage();
  await signIn.goto(`${server.url}/login`);
  await expect(signIn.getByLabel(/^Email/)).toHaveValue('');
  await signIn.getByLabel(/^Email/).fill('erin@example.com');
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toHaveURL(`${server.url}/admin/content`, { timeout: 15_000 });
  await expect(signIn.getByTestId('signed-in-as')).toHaveText('Signed in as erin@example.com (Editor)');

  // The editor signs the first browser out from the second: 'Sign out' beside that session. That
  // the ended session lets nothing in any more: tests/integration/account-sessions.test.ts.
  await openSection(signIn, 'My Account');
  const sessions = signIn.getByRole('table', { name: 'Active Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(3);
  await expectNoAxeViolations(signIn);
  await sessions.getByRole('row').filter({ hasNotText: '(this session)' }).getByRole('button', { name: 'Sign out' }).click();
  await expectToast(signIn, '✅ Session Signed Out');
  await expect(sessions.getByRole('row')).toHaveCount(2);
  expect(activity('session_ended')).toHaveLength(1);

  // A role change and a removal, from the owner's list. That they apply at the account's next
  // request (the new role's sections; no session left): tests/integration/team-invites.test.ts.
  await accountRow(page, 'lou@example.com').getByRole('combobox', { name: 'Role of lou@example.com' }).selectOption('editor');
  await accountRow(page, 'lou@example.com').getByRole('button', { name: 'Change Role' }).click();
  await expectToast(page, '✅ Role Changed', 'lou@example.com is now Editor.');
  expect(JSON.parse(activity('role_changed')[0]!.detail)).toMatchObject({ from: 'loan_officer', to: 'editor' });

  page.once('dialog', (dialog) => void dialog.accept());
  await accountRow(page, 'lou@example.com').getByRole('button', { name: 'Remove lou@example.com' }).click();
  await expectToast(page, '✅ Account Removed');
  await expect(accountRow(page, 'lou@example.com')).toHaveCount(0);
  expect(
    withDb(server.databasePath, (db) =>
      db
        .prepare(
          `SELECT count(*) AS n FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = 'lou@example.com'`,
        )
        .get(),
    ),
  ).toEqual({ n: 0 });
  expect(activity('account_removed')).toHaveLength(1);
  // The built-in owner cannot be demoted or removed: it offers neither.
  await expect(accountRow(page, 'Built-in owner').getByRole('button')).toHaveCount(0);
  await expect(accountRow(page, 'Built-in owner').getByRole('combobox')).toHaveCount(0);
});

test('an expired or revoked invitation link is refused; the form needs no JavaScript to say why', async ({ page, browser }) => {
  await signInToDashboard(page, server.url);
  await openSection(page, 'Security');
  await invite(page, 'late@example.com', 'Editor');
  await expectToast(page, '✅ Invitation Sent');
  await invite(page, 'revoked@example.com', 'Loan officer');
  await expectToast(page, '✅ Invitation Sent');
  const lateLink = await invitationLink(smtp.mails, 'late@example.com');
  const revokedLink = await invitationLink(smtp.mails, 'revoked@example.com');

  // A link still open when its page loaded, expired before the form was sent (72 hours have
  // passed: moved back in the database). Without JavaScript, the post answers with why.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(lateLink);
  await visitor.getByLabel('Your Name').fill('Late');
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await visitor.getByLabel('Confirm Password').fill(PASSWORD);
  withDb(server.databasePath, (db) =>
    db
      .prepare(`UPDATE invites SET expires_at = ? WHERE email = 'late@example.com'`)
      .run(new Date(Date.now() - 1000).toISOString()),
  );
  await visitor.getByRole('button', { name: 'Create Account' }).click();
  await expect(visitor.getByRole('heading', { name: 'This invitation has expired or was already used' })).toBeVisible();
  expect(
    withDb(server.databasePath, (db) =>
      db.prepare(`SELECT count(*) AS n FROM admin_users WHERE email = 'late@example.com'`).get(),
    ),
  ).toEqual({ n: 0 });

  // Team shows each invitation's delivery, as the outbox worker recorded it, and the expired one.
  const delivered = () =>
    withDb(server.databasePath, (db) =>
      db
        .prepare(
          `SELECT i.email, n.status FROM notifications n JOIN invites i ON i.id = n.subject_id WHERE n.subject_type = 'invite' AND i.email IN ('late@example.com', 'revoked@example.com') ORDER BY i.email`,
        )
        .all(),
    );
  await expect.poll(delivered).toEqual([
    { email: 'late@example.com', status: 'sent' },
    { email: 'revoked@example.com', status: 'sent' },
  ]);
  await page.reload();
  await expect(inviteRow(page, 'late@example.com')).toContainText('Expired');
  await expect(inviteRow(page, 'revoked@example.com').getByText('Sent', { exact: true })).toBeVisible();

  // Revoked: the owner's 'Revoke', then the link's page opens nothing.
  page.once('dialog', (dialog) => void dialog.accept());
  await inviteRow(page, 'revoked@example.com')
    .getByRole('button', { name: 'Revoke the invitation to revoked@example.com' })
    .click();
  await expectToast(page, '✅ Invitation Revoked');
  await expect(inviteRow(page, 'revoked@example.com')).toHaveCount(0);
  expect(activity('invite_revoked')).toHaveLength(1);
  await visitor.context().close();
  // (In a browser with JavaScript: axe runs in the page.)
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(revokedLink);
  await expect(reader.getByRole('heading', { name: 'This invitation has expired or was already used' })).toBeVisible();
  await expectNoAxeViolations(reader);
});

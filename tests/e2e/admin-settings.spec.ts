import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ReceivedMail } from '../support/mail';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { requirePostgres, startCluster } from './cluster';
import { expectToast, MAIL_ENV } from './leads-support';
import { freePort, migrate, startServer, tempDatabasePath, type RunningServer } from './server';

/**
 * Settings in the admin (issue 33, point 1), against the production server: the owner enters an
 * SMTP server pointing at a local peer, the test e-mail arrives and the answer names the relay's
 * words; a wrong port answers with the connection's error in words; a lead's alert then goes out
 * through the saved settings. The saved password is in no page, log line or export. A server
 * started with SMTP_URL shows it read-only, "set by the server's environment", over a saved value.
 * On PostgreSQL, settings saved on one instance carry a lead submitted to another.
 */

/** Unique per run, so a search for it can only find this run's copies. */
const PASSWORD = `relay-${randomBytes(8).toString('hex')}-pw`;
const BROKER = 'broker@example.com';

/** A local SMTP server that takes any login (and records it), as a provider's relay would take the right one. */
async function startRelay() {
  const mails: ReceivedMail[] = [];
  const logins: { user: string; password: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, port, mails, logins, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

type Relay = Awaited<ReturnType<typeof startRelay>>;

const settingsLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings', exact: true });

/** Fills the SMTP server's fields and the addresses as an owner would. */
async function enterSmtp(page: Page, port: number) {
  await page.getByLabel('SMTP server', { exact: true }).fill('127.0.0.1');
  await page.getByLabel('Port', { exact: true }).fill(String(port));
  await page.getByLabel('Security', { exact: true }).selectOption('none');
  await page.getByLabel('User name', { exact: true }).fill('relay-user');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('From address', { exact: true }).fill(MAIL_ENV.MAIL_FROM);
  await page.getByLabel("Broker's mailbox", { exact: true }).fill(BROKER);
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, '✅ Settings Saved');
}

async function submitLead(url: string, name: string) {
  const response = await fetch(`${url}/api/leads/contact`, {
    method: 'POST',
    body: new URLSearchParams({ from_name: name, from_email: 'eve@example.com', message: 'A new home' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url },
  });
  expect(response.status).toBe(200);
}

/** A port nothing listens on. */
const closedPort = freePort;

test.describe('settings on one server', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let relay: Relay;
  test.beforeAll(async () => {
    relay = await startRelay();
    server = await startServer({ env: { SPAM_MIN_FILL_SECONDS: '0', LEAD_RATE_LIMIT: '1000' } });
  });
  test.afterAll(async () => {
    await server?.stop();
    await relay?.stop();
  });

  test('the owner sets up e-mail: a wrong port in words, the test e-mail arrives, a lead alert follows; the password is nowhere', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInToDashboard(page, server.url);
    const banner = page.getByTestId('notification-banner');
    await expect(banner).toContainText('No e-mail transport is configured.');
    await expect(banner.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
    await settingsLink(page).click();
    await expect(settingsLink(page)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Change the settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send a test e-mail' })).toBeDisabled();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }

    // A port out of range: its error on the field, nothing saved.
    await enterSmtp(page, 70000);
    await page.getByRole('button', { name: 'Save settings' }).click();
    const port = page.getByLabel('Port', { exact: true });
    await expect(port).toHaveAttribute('aria-invalid', 'true');
    await expect(port).toHaveAccessibleDescription(/The port is a whole number from 1 to 65535/);
    await expect(port).toBeFocused();
    expect(withDb(server.databasePath, (db) => db.prepare('SELECT count(*) AS n FROM site_settings').get())).toEqual({ n: 0 });

    // A port nothing listens on: saved, and the test answers with the connection's error in words.
    const closed = await closedPort();
    await port.fill(String(closed));
    await save(page);
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveValue('');
    await expect(password).toHaveAccessibleDescription('Saved — enter a new one to replace it.');
    await page.getByRole('button', { name: 'Send a test e-mail' }).click();
    const outcome = page.getByTestId('test-mail-outcome');
    await expect(outcome).toHaveText(`Failed: connect ECONNREFUSED 127.0.0.1:${closed}`, { timeout: 10_000 });

    // The right port, the password left empty (kept): the test e-mail reaches the relay and the mailbox.
    await page.getByLabel('Port', { exact: true }).fill(String(relay.port));
    await save(page);
    await page.getByRole('button', { name: 'Send a test e-mail' }).click();
    await expect(outcome).toContainText('Delivered to the relay (250', { timeout: 10_000 });
    expect(relay.mails.map((m) => ({ to: m.to, subject: m.headers.subject }))).toEqual([
      { to: [BROKER], subject: expect.stringMatching(/^Test e-mail from your website/) },
    ]);
    expect(relay.logins).toEqual([{ user: 'relay-user', password: PASSWORD }]);
    await page.reload();
    await expect(page.getByTestId('mail-state')).toContainText('Goes out through SMTP: 127.0.0.1, port');
    await expect(page.getByTestId('mail-state')).toContainText('Last test delivered');
    await expect(page.getByTestId('notification-banner')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A lead's alert goes out through the saved settings.
    await submitLead(server.url, 'Eve Builder');
    await expect
      .poll(() => relay.mails.filter((m) => m.to.includes(BROKER) && /Contact/.test(m.headers.subject ?? '')).length, {
        timeout: 20_000,
      })
      .toBe(1);

    // Logged by field names, never a value.
    const logged = withDb(
      server.databasePath,
      (db) =>
        db.prepare("SELECT detail FROM activity_log WHERE action = 'settings_changed' ORDER BY at").all() as { detail: string }[],
    );
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(JSON.parse(logged[0]!.detail)).toEqual({
      set: 'smtp.host smtp.port smtp.security smtp.user smtp.password mail.from mail.to',
    });
    expect(JSON.parse(logged[1]!.detail)).toEqual({ set: 'smtp.port' });

    // The saved password: in no page, no export, no log line, and not in the clear in the database.
    const found: string[] = [];
    const search = (where: string, text: string) => {
      if (text.includes(PASSWORD) || text.includes(encodeURIComponent(PASSWORD))) found.push(where);
    };
    for (const path of ['/admin/settings', '/admin', '/admin/integrations', '/admin/security', '/admin/leads'])
      search(path, await (await page.request.get(`${server.url}${path}`)).text());
    search('page', await page.content());
    for (const path of ['/api/admin/leads/export', '/api/admin/activity/export']) {
      const response = await page.request.get(`${server.url}${path}`);
      expect(response.status(), path).toBe(200);
      search(path, await response.text());
    }
    await openSection(page, 'Security');
    for (const address of [BROKER, 'eve@example.com']) {
      await page.getByLabel('E-mail address', { exact: true }).fill(address);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: "Export this person's data" }).click(),
      ]);
      search(`privacy export of ${address}`, readFileSync((await download.path())!, 'utf8'));
    }
    search('database', JSON.stringify(withDb(server.databasePath, (db) => db.prepare('SELECT * FROM site_settings').all())));
    search('server output', server.output());
    expect(found).toEqual([]);
  });
});

test('an SMTP_URL in the environment wins over the saved server and shows read-only', async ({ page }) => {
  test.setTimeout(120_000);
  const relay = await startRelay();
  const temp = tempDatabasePath();
  migrate(temp.path);
  // Saved in the admin before the operator set SMTP_URL.
  withDb(temp.path, (db) => {
    const row = db.prepare('INSERT INTO site_settings (key, value, sealed, updated_at, updated_by) VALUES (?, ?, NULL, ?, NULL)');
    for (const [key, value] of [
      ['smtp.host', 'saved.example.com'],
      ['smtp.port', '2525'],
      ['smtp.security', 'starttls'],
      ['mail.from', 'saved@example.com'],
      ['mail.to', 'saved-broker@example.com'],
    ])
      row.run(key, value, new Date().toISOString());
  });
  const server = await startServer({ databasePath: temp.path, env: { SMTP_URL: relay.url, ...MAIL_ENV } });
  try {
    await signInToDashboard(page, server.url, { path: '/admin/settings' });
    const host = page.getByLabel('SMTP server', { exact: true });
    await expect(host).toHaveValue('127.0.0.1');
    await expect(host).toHaveAttribute('readonly', '');
    await expect(host).toHaveAccessibleDescription("Set by the server's environment (SMTP_URL).");
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel("Broker's mailbox", { exact: true })).toHaveValue(BROKER);
    await expect(page.getByLabel("Broker's mailbox", { exact: true })).toHaveAccessibleDescription(
      "Set by the server's environment (MAIL_TO).",
    );
    await expect(page.getByTestId('set-by-environment')).toHaveCount(7);
    // What the environment does not set stays the owner's to edit.
    await expect(page.getByLabel("The site's public address")).toBeEditable();
    await expect(page.getByTestId('mail-state')).toContainText(
      `Goes out through SMTP: 127.0.0.1, port ${relay.port} (set by the server's environment).`,
    );
    await expectNoAxeViolations(page);

    // The test e-mail goes through the environment's server, not the saved one.
    await page.getByRole('button', { name: 'Send a test e-mail' }).click();
    await expect(page.getByTestId('test-mail-outcome')).toContainText('Delivered to the relay (250', { timeout: 10_000 });
    expect(relay.mails.map((m) => m.to)).toEqual([[BROKER]]);
  } finally {
    await server.stop();
    temp.cleanup();
    await relay.stop();
  }
});

test.describe('on two instances (PostgreSQL)', () => {
  requirePostgres();

  test('settings saved on one instance carry the alert of a lead submitted to the other', async ({ page }) => {
    test.setTimeout(180_000);
    const relay = await startRelay();
    const cluster = await startCluster(2, { SPAM_MIN_FILL_SECONDS: '0' });
    try {
      const [a, b] = cluster.servers as [RunningServer, RunningServer];
      await signInToDashboard(page, a.url, { path: '/admin/settings' });
      await enterSmtp(page, relay.port);
      await save(page);
      // Only the other instance is left to store the lead and send its alert.
      await a.stop();
      await submitLead(b.url, 'Bea Cluster');
      await expect
        .poll(() => relay.mails.filter((m) => m.to.includes(BROKER) && /Contact/.test(m.headers.subject ?? '')).length, {
          timeout: 20_000,
        })
        .toBe(1);
      // The password saved (sealed) through A opened on B.
      expect(relay.logins).toEqual([{ user: 'relay-user', password: PASSWORD }]);
      expect(b.output()).not.toContain(PASSWORD);
    } finally {
      await cluster.stop();
      await relay.stop();
    }
  });
});

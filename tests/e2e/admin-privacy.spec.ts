import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './admin-support';
import { openSection, signInToDashboard } from './admin-ui';
import { expectNoAxeViolations, expectToast, postPageForm } from './leads-support';
import { migrate, startServer, tempDatabasePath, type RunningServer } from './server';

/**
 * Security › 'Data retention' and 'Privacy requests' against the production server: the owner
 * sets how long leads are kept, exports a person's data and deletes it; the daily job runs from
 * the server process itself.
 */

const PERSON = 'Rowan.Privacy@Example.com';
const OTHER = 'someone.else@example.com';

const activity = (databasePath: string) =>
  withDb(databasePath, (db) => db.prepare('SELECT action, target, detail FROM activity_log ORDER BY at, id').all()) as {
    action: string;
    target: string;
    detail: string;
  }[];

async function submitLeads(url: string) {
  for (const [path, fields] of [
    ['/ebook', { name: 'Rowan Privacy', email: PERSON }],
    ['/contact', { from_name: 'Rowan Privacy', from_email: PERSON.toUpperCase(), phone: '', message: 'About a land loan' }],
    ['/ebook', { name: 'Someone Else', email: OTHER }],
  ] as const)
    expect((await postPageForm(url, path, fields)).status).toBe(200);
}

const emailField = (page: Page) => page.getByLabel('E-mail address', { exact: true });

/**
 * One server for the file, started on a database that already holds an expired lead and a
 * current one (each with its notification), as the daily job's test needs: the job runs as the
 * server starts. Each test counts only its own records.
 */
let server: RunningServer;
let cleanup: () => void;
test.beforeAll(async () => {
  const temp = tempDatabasePath();
  cleanup = temp.cleanup;
  migrate(temp.path);
  const long = '2020-01-01T00:00:00.000Z';
  const now = new Date().toISOString();
  withDb(temp.path, (db) => {
    const lead = db.prepare(
      `INSERT INTO leads (id, kind, type, fields, name, email, phone, page, client_address, user_agent, created_at, last_activity_at, search)
       VALUES (?, 'ebook', 'Ebook Download', ?, ?, ?, '', '/ebook', '203.0.113.1', 'seed', ?, ?, ?)`,
    );
    const note = db.prepare(
      `INSERT INTO notifications (id, subject_type, subject_id, channel, payload, status, created_at, updated_at)
       VALUES (?, 'lead', ?, 'email', '{}', 'sent', ?, ?)`,
    );
    for (const [id, name, at] of [
      ['expired', 'Old Lead', long],
      ['current', 'New Lead', now],
    ] as const) {
      const email = `${id}@example.com`;
      lead.run(id, JSON.stringify({ name, email }), name, email, at, at, `${name} ${email}`.toLowerCase());
      note.run(`n-${id}`, id, at, at);
    }
  });
  server = await startServer({ databasePath: temp.path, env: { SPAM_MIN_FILL_SECONDS: '0' } });
});
test.afterAll(async () => {
  await server?.stop();
  cleanup?.();
});

test('the daily job runs from the server: an expired lead and its notification are gone at start, and logged', async () => {
  const seeded = ['current', 'expired'];
  const state = () =>
    withDb(server.databasePath, (db) => ({
      leads: (db.prepare('SELECT id FROM leads ORDER BY id').all() as { id: string }[])
        .map((r) => r.id)
        .filter((id) => seeded.includes(id)),
      notifications: (db.prepare('SELECT subject_id FROM notifications ORDER BY subject_id').all() as { subject_id: string }[])
        .map((r) => r.subject_id)
        .filter((id) => seeded.includes(id)),
      purged: db.prepare("SELECT actor, detail FROM activity_log WHERE action = 'retention_purged'").all(),
    }));
  // The job checks as the server starts; its work lands in the database moments later.
  await expect.poll(() => state().purged.length, { timeout: 15_000 }).toBe(1);
  expect(state()).toEqual({
    leads: ['current'],
    notifications: ['current'],
    purged: [{ actor: 'system', detail: expect.stringContaining('"leads":1') }],
  });
});

test("the owner exports and deletes a person's data and sets how long leads are kept", async ({ page }) => {
  test.setTimeout(120_000);
  await submitLeads(server.url);
  // This test's leads: the person's two and the other one's.
  const leadEmails = () =>
    withDb(
      server.databasePath,
      (db) =>
        db.prepare('SELECT email FROM leads WHERE lower(email) IN (?, ?) ORDER BY email').all(PERSON.toLowerCase(), OTHER) as {
          email: string;
        }[],
    ).map((r) => r.email);
  expect(leadEmails()).toHaveLength(3);

  await signInToDashboard(page, server.url);
  await openSection(page, 'Security');
  await expect(page.getByRole('heading', { name: 'Data retention' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy requests' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Retention: a value out of range is refused with its reason; a good one is saved and logged.
  const months = page.getByLabel('Keep leads for (months)');
  await expect(months).toHaveValue('24');
  await months.fill('0');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expect(months).toHaveAccessibleDescription('Enter a whole number of months from 1 to 120.');
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await months.fill('36');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await expectToast(page, '✅ Retention Saved', 'Leads are kept 36 months after their last activity.');
  await page.reload();
  await expect(page.getByLabel('Keep leads for (months)')).toHaveValue('36');
  expect(activity(server.databasePath).filter((e) => e.action === 'settings_changed')).toEqual([
    { action: 'settings_changed', target: 'lead_retention_months', detail: JSON.stringify({ old: 24, new: 36 }) },
  ]);

  // No address: a clear error on the field, nothing done.
  await page.getByRole('button', { name: "Export this person's data" }).click();
  await expect(emailField(page)).toHaveAccessibleDescription('Enter the e-mail address of the request.');
  await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true');

  // Export: a JSON file with the person's two leads (whatever the case they typed) and nothing of the other's.
  await emailField(page).fill(`  ${PERSON.toLowerCase()} `);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: "Export this person's data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^privacy-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = readFileSync((await download.path())!, 'utf8');
  const data = JSON.parse(file) as { email: string; leads: { email: string }[]; notifications: unknown[] };
  expect(data.email).toBe(PERSON.toLowerCase());
  expect(data.leads.map((l) => l.email).sort()).toEqual([PERSON, PERSON.toUpperCase()].sort());
  expect(data.notifications).toHaveLength(2);
  expect(file).not.toContain(OTHER);
  await expectToast(page, '✅ Data Exported');

  // Delete: the confirmation names what goes; cancelling changes nothing; confirming deletes it.
  await page.getByRole('button', { name: "Delete this person's data" }).click();
  const dialog = page.getByRole('alertdialog', { name: "Delete this person's data?" });
  await expect(dialog).toContainText(
    `4 rows holding ${PERSON.toLowerCase()} will be deleted for good: 2 leads and 2 notifications.`,
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(leadEmails()).toHaveLength(3);
  await page.getByRole('button', { name: "Delete this person's data" }).click();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expectToast(page, '🗑️ Data Deleted', 'Every record of this e-mail address was deleted.');
  await expect(dialog).toBeHidden();
  await expect(emailField(page)).toHaveValue('');
  expect(leadEmails()).toEqual([OTHER]);

  // Logged with counts only: no entry holds the address.
  const entries = activity(server.databasePath);
  expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['privacy_exported', 'privacy_deleted']));
  expect(JSON.parse(entries.find((e) => e.action === 'privacy_deleted')!.detail)).toMatchObject({ leads: 2, notifications: 2 });
  expect(JSON.stringify(entries).toLowerCase()).not.toContain(PERSON.toLowerCase());

  // Asking again: there is nothing left to delete.
  await emailField(page).fill(PERSON);
  await page.getByRole('button', { name: "Delete this person's data" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'nothing to delete' })).toBeVisible();
  await expect(dialog).toBeHidden();
});

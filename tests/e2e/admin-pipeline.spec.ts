import { expect, test, type Page } from '@playwright/test';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { startServer, type RunningServer } from './server';

/**
 * Working the leads (issue 18): the board moves a lead by keyboard and by mouse, 'Closed lost'
 * asks for its reason, the lead's status history shows every move; assignee and follow-up date
 * are saved in the dialog and found by the 'Due today', 'Overdue' and 'Assigned to me' filters.
 */

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function seed(databasePath: string, leads: { id: string; name: string; status?: string }[]) {
  withDb(databasePath, (db) => {
    const insert = db.prepare(
      `INSERT INTO leads (id, kind, type, fields, name, email, phone, page, status, is_spam, client_address, user_agent, created_at, search)
       VALUES (?, 'contact', 'Contact Form', ?, ?, ?, '', '/contact', ?, 0, '203.0.113.1', 'seed', ?, ?)`,
    );
    leads.forEach((l, i) => {
      const email = `${l.id}@example.com`;
      const fields = JSON.stringify({ from_name: l.name, from_email: email, phone: '', message: 'Hi' });
      const at = new Date(Date.now() - (i + 1) * 60_000).toISOString();
      insert.run(l.id, fields, l.name, email, l.status ?? 'new', at, `${l.name} ${email}`.toLowerCase());
    });
  });
}

const column = (page: Page, status: string) => page.getByTestId(`board-column-${status}`);
const card = (page: Page, name: string) => page.getByTestId('board-card').filter({ hasText: name });
const announcement = (page: Page) => page.getByTestId('board-announcement');

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
  seed(server.databasePath, [
    { id: 'lead-ada', name: 'Ada Lovelace' },
    { id: 'lead-bo', name: 'Bo Builder' },
    { id: 'lead-cy', name: 'Cy Contractor', status: 'contacted' },
  ]);
});
test.afterAll(async () => server?.stop());

test('the board moves a lead by keyboard and by mouse; its history shows both', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToDashboard(page, server.url);
  await openSection(page, 'Leads');
  await page.getByRole('button', { name: 'Board' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/leads?view=board`);
  await expect(column(page, 'new').getByRole('heading')).toHaveText('New (2)');
  await expect(column(page, 'contacted').getByRole('heading')).toHaveText('Contacted (1)');

  // Keyboard: the card's Move menu button, Enter, the first other status (Contacted), Enter.
  const move = page.getByRole('button', { name: 'Move Ada Lovelace' });
  await move.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Move to Contacted' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(announcement(page)).toHaveText('Moved Ada Lovelace to Contacted.');
  await expect(column(page, 'contacted')).toContainText('Ada Lovelace');
  await expect(column(page, 'contacted').getByRole('heading')).toHaveText('Contacted (2)');
  await expect(column(page, 'new').getByRole('heading')).toHaveText('New (1)');
  await expect(page.getByRole('button', { name: 'Move Ada Lovelace' })).toBeFocused();

  // Mouse: drag the card from Contacted onto Qualified.
  await card(page, 'Ada Lovelace').dragTo(column(page, 'qualified'));
  await expect(announcement(page)).toHaveText('Moved Ada Lovelace to Qualified.');
  await expect(column(page, 'qualified')).toContainText('Ada Lovelace');
  await expect(column(page, 'qualified').getByRole('heading')).toHaveText('Qualified (1)');

  // Closed lost asks why: an empty reason is refused, a reason closes it.
  await card(page, 'Bo Builder').dragTo(column(page, 'lost'));
  const ask = page.getByRole('dialog', { name: 'Close Bo Builder as lost' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Close as lost' }).click();
  await expect(ask.getByText('Say why the lead was lost.')).toBeVisible();
  await ask.getByLabel('Why was it lost?').fill('Went with a local bank.');
  await ask.getByRole('button', { name: 'Close as lost' }).click();
  await expect(announcement(page)).toHaveText('Moved Bo Builder to Closed lost.');
  await expect(column(page, 'lost')).toContainText('Bo Builder');

  // The board stays after a reload (it is in the address) and reads from the server.
  await page.reload();
  await expect(column(page, 'qualified')).toContainText('Ada Lovelace');
  await expect(column(page, 'lost').getByRole('heading')).toHaveText('Closed lost (1)');

  // The status history, in the lead dialog: both moves, by the owner ('admin').
  await card(page, 'Ada Lovelace').getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const history = dialog.getByTestId('status-history').getByRole('listitem');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText('New → Contacted by admin');
  await expect(history.nth(1)).toContainText('Contacted → Qualified by admin');
  await page.keyboard.press('Escape');
  await card(page, 'Bo Builder').getByRole('button', { name: 'Bo Builder', exact: true }).click();
  await expect(dialog.getByTestId('status-history')).toContainText(
    'New → Closed lost by admin (reason: Went with a local bank.)',
  );
  await page.keyboard.press('Escape');

  const stored = withDb(server.databasePath, (db) =>
    db.prepare(`SELECT lead_id, from_status, to_status, reason, actor FROM lead_status_changes ORDER BY at, id`).all(),
  );
  expect(stored).toEqual([
    { lead_id: 'lead-ada', from_status: 'new', to_status: 'contacted', reason: null, actor: 'admin' },
    { lead_id: 'lead-ada', from_status: 'contacted', to_status: 'qualified', reason: null, actor: 'admin' },
    { lead_id: 'lead-bo', from_status: 'new', to_status: 'lost', reason: 'Went with a local bank.', actor: 'admin' },
  ]);

  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('assignee and follow-up in the dialog; Due today, Overdue and Assigned to me', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToDashboard(page, server.url);
  await openSection(page, 'Leads');
  const rows = page.getByTestId('lead-row');
  const dialog = page.getByRole('dialog');

  const plan = async (name: string, followUpOn: string, assignee: string) => {
    await rows.getByRole('button', { name, exact: true }).click();
    await dialog.getByLabel('Assigned to').selectOption({ label: assignee });
    await dialog.getByLabel('Next follow-up (UTC date)').fill(followUpOn);
    await dialog.getByRole('button', { name: 'Save Status and Notes' }).click();
    await expect(dialog.getByTestId('lead-message')).toContainText('✅ Lead Saved');
    await page.keyboard.press('Escape');
  };
  await plan('Ada Lovelace', utcDay(-2), 'Owner');
  await plan('Cy Contractor', utcDay(0), 'Unassigned');
  await expect(rows.filter({ hasText: 'Ada Lovelace' })).toContainText(`Overdue: ${utcDay(-2)}`);
  await expect(rows.filter({ hasText: 'Cy Contractor' })).toContainText('Follow up today');

  const filter = async (label: string, option: string) => {
    await page.getByLabel(label, { exact: true }).selectOption({ label: option });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
  };
  await filter('Follow-up', 'Overdue');
  await expect(page).toHaveURL(/due=overdue/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Ada Lovelace');
  await filter('Follow-up', 'Due today');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Cy Contractor');
  await filter('Follow-up', 'Any follow-up date');
  await filter('Assigned to', 'Assigned to me');
  await expect(page).toHaveURL(/assignee=me/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Ada Lovelace');

  // A lost lead is not overdue, whatever its date; saving 'Closed lost' without a reason is refused.
  await rows.getByRole('button', { name: 'Ada Lovelace', exact: true }).click();
  await dialog.getByLabel('Status').selectOption({ label: 'Closed lost' });
  await dialog.getByRole('button', { name: 'Save Status and Notes' }).click();
  await expect(dialog.getByText('Say why the lead was lost.')).toBeVisible();
  await dialog.getByLabel('Why was it lost?').fill('No land yet.');
  await dialog.getByRole('button', { name: 'Save Status and Notes' }).click();
  await expect(dialog.getByTestId('lead-message')).toContainText('✅ Lead Saved');
  await expect(dialog.getByTestId('status-history')).toContainText('Qualified → Closed lost by admin (reason: No land yet.)');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await filter('Assigned to', 'Anyone');
  await filter('Follow-up', 'Overdue');
  await expect(page.getByText('No leads match these filters.')).toBeVisible();
});

test('the digest toggle in Security is saved per account', async ({ page }) => {
  await signInToDashboard(page, server.url);
  await openSection(page, 'Security');
  const toggle = page.getByLabel('E-mail me my overdue follow-ups each day');
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByRole('region', { name: 'Daily follow-up digest' }).getByRole('status')).toHaveText(
    'You no longer get the daily follow-up e-mail.',
  );
  expect(
    withDb(server.databasePath, (db) => db.prepare(`SELECT wants_digest FROM admin_users WHERE id = 'admin'`).get()),
  ).toEqual({
    wants_digest: 0,
  });
  await page.reload();
  await expect(page.getByLabel('E-mail me my overdue follow-ups each day')).not.toBeChecked();
});

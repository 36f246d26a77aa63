import { expect, test, type Page } from '@playwright/test';
import { newId } from '../../lib/db/ids';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { fillFields, fullApplication, postPageForm } from './leads-support';
import { startServer, type RunningServer } from './server';
import { addAccount } from './team-support';

/**
 * Routing by state (issue 31, point 2) against the production server: with a Texas license and
 * two officers licensed in Texas, applications for Texas properties go to them in turn; an
 * application for a property in a state the broker holds no license in is stored, assigned to the
 * owner and marked "Outside our licenses" in the Leads list, its filter and the lead's dialog.
 * The officers and the license are written straight into the database, as the other specs do.
 */

let server: RunningServer;
// In code-point order: the round-robin's order.
const ANA = 'officer-a-ana';
const BEN = 'officer-b-ben';

test.beforeAll(async () => {
  server = await startServer({ env: { SPAM_MIN_FILL_SECONDS: '0', LEAD_RATE_LIMIT: '1000' } });
  const now = new Date().toISOString();
  for (const [id, name] of [
    [ANA, 'Ana Alvarez'],
    [BEN, 'Ben Brooks'],
  ] as const) {
    await addAccount(server.databasePath, { id, email: `${id}@example.com`, role: 'loan_officer', name });
    withDb(server.databasePath, (db) =>
      db
        .prepare(
          `INSERT INTO officer_profiles (account_id, slug, display_name, nmls_id, states, published, away, created_at, updated_at)
           VALUES (?, ?, ?, '1234567', '["TX"]', 1, 0, ?, ?)`,
        )
        .run(id, id, name, now, now),
    );
  }
  withDb(server.databasePath, (db) =>
    db
      .prepare(
        `INSERT INTO state_licenses (id, state, license_type, license_number, regulator_name, created_at, updated_at)
         VALUES (?, 'TX', 'Residential Mortgage Loan Company License', '1234567', 'Texas Department of Savings and Mortgage Lending', ?, ?)`,
      )
      .run(newId(), now, now),
  );
});
test.afterAll(async () => {
  await server?.stop();
});

interface RoutedLead {
  email: string;
  assignee_id: string | null;
  property_state: string | null;
  outside_licenses: number;
  routing_turn: number | null;
}

const routedLeads = (): RoutedLead[] =>
  withDb(
    server.databasePath,
    (db) =>
      db
        .prepare('SELECT email, assignee_id, property_state, outside_licenses, routing_turn FROM leads ORDER BY created_at, id')
        .all() as RoutedLead[],
  );

/** Sends the whole application from /apply in the browser, with the property's state chosen by name. */
async function applyInBrowser(page: Page, state: string, email: string) {
  await page.goto(`${server.url}/apply`);
  const form = page.getByRole('main').locator('form').first();
  await fillFields(form, { ...fullApplication, email });
  await form.getByLabel('Property State').selectOption({ label: state });
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
}

test('applications for a Texas property go to the two Texas officers in turn', async ({ page }) => {
  test.setTimeout(120_000);
  // The state is a choice of the application's second part, 'Not sure / other' until chosen.
  await page.goto(`${server.url}/apply`);
  const select = page.getByLabel('Property State');
  await expect(select).toHaveValue('');
  await expect(select.locator('option').first()).toHaveText('Not sure / other');
  await expect(select.locator('option[value="TX"]')).toHaveText('Texas');

  await applyInBrowser(page, 'Texas', 'first@example.com');
  await applyInBrowser(page, 'Texas', 'second@example.com');
  // Without JavaScript, the form's own post: routed the same way.
  for (const email of ['third@example.com', 'fourth@example.com']) {
    const { status } = await postPageForm(server.url, '/apply', { ...fullApplication, propertyState: 'TX', email });
    expect(status).toBe(200);
  }

  const texas = routedLeads().filter((lead) => lead.property_state === 'TX');
  expect(texas.map((lead) => [lead.email, lead.assignee_id, lead.routing_turn])).toEqual([
    ['first@example.com', ANA, 1],
    ['second@example.com', BEN, 2],
    ['third@example.com', ANA, 3],
    ['fourth@example.com', BEN, 4],
  ]);
  expect(texas.every((lead) => lead.outside_licenses === 0)).toBe(true);
});

test('a lead from a state outside our licenses is stored, given to the owner and marked in the Leads list', async ({ page }) => {
  test.setTimeout(120_000);
  await applyInBrowser(page, 'Nevada', 'nevada@example.com');
  const nevada = routedLeads().find((lead) => lead.email === 'nevada@example.com');
  expect(nevada).toEqual({
    email: 'nevada@example.com',
    assignee_id: 'admin',
    property_state: 'NV',
    outside_licenses: 1,
    routing_turn: null,
  });

  await signInToDashboard(page, server.url);
  await openSection(page, 'Leads');
  const rows = page.getByTestId('lead-row');
  const marked = rows.filter({ hasText: 'nevada@example.com' });
  await expect(marked.getByTestId('outside-licenses')).toHaveText('Outside our licenses: Nevada');
  await expect(rows.filter({ hasText: 'first@example.com' }).getByTestId('outside-licenses')).toHaveCount(0);

  // Its filter lists it alone.
  await page.getByRole('button', { name: 'Outside our licenses only' }).click();
  await expect(page).toHaveURL(/[?&]licenses=outside/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('nevada@example.com');
  await expectNoAxeViolations(page);

  // The dialog: the marker, what it means, and the owner as the assignee.
  await rows.first().getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('outside-licenses')).toHaveText('Outside our licenses: Nevada');
  await expect(dialog.getByTestId('lead-outside-licenses')).toContainText('where we hold no license');
  await expect(dialog.getByLabel('Assigned to')).toHaveValue('admin');
  await expectNoAxeViolations(page);
});

import { expect, test } from '@playwright/test';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, ownerSession, signInToDashboard, toast, type OwnerSession } from './admin-ui';
import { startServer, type RunningServer } from './server';

/**
 * The ad-copy checker as the owner meets it (issue 31): the Overview says where the warnings are,
 * the Site Content editor lists them with their rules, and a dismissal holds after a reload and a
 * save. What the checker finds is asserted below the browser (lib/compliance/*.test.ts,
 * tests/integration/ad-copy-checker.test.ts).
 */

let server: RunningServer;
let session: OwnerSession;
test.beforeAll(async () => {
  server = await startServer();
  session = await ownerSession(server.url);
});
test.afterAll(async () => {
  await server.stop();
});

test('the checker flags "Guaranteed approval" in the default content, and a dismissal sticks', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToDashboard(page, server.url, { session });
  const notice = page.getByRole('region', { name: 'Advertising claims to review', exact: true });
  await expect(notice.getByRole('link', { name: '4 in Site Content' })).toHaveAttribute('href', '/admin/content');

  await openSection(page, 'Site Content');
  const warnings = page.getByRole('region', { name: /^Advertising claims to review \(\d+\)$/ });
  const items = warnings.getByRole('listitem');
  await expect(items).toHaveCount(4);
  const firstPlan = items.filter({ hasText: 'Pricing Plans › plans 1 › features 2 › text' });
  await expect(firstPlan).toContainText('Promise of approval');
  await expect(firstPlan).toContainText('Guaranteed approval');
  await expect(firstPlan).toContainText('12 CFR 1014.3');
  await expect(items.filter({ hasText: 'Footer › Services (built into the site)' })).toContainText('Guaranteed Approval');
  await expectNoAxeViolations(page);

  await firstPlan.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(items).toHaveCount(3);
  await expect(warnings.getByRole('heading')).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Dismissed: Promise of approval' })).toBeAttached();
  const logged = withDb(server.databasePath, (db) =>
    db.prepare("SELECT target FROM activity_log WHERE action = 'ad_copy_warning_dismissed'").all(),
  ) as { target: string }[];
  expect(logged).toHaveLength(1);
  expect(logged[0]!.target).toMatch(/^approval-promise:pricing\.plans\.0\.features\.1\.text:[0-9a-f]{16}$/);

  // Dismissed for good: after a reload, and after a save, which is never blocked by the others.
  await page.reload();
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: 'Pricing Plans › plans 2 › features 2 › text' })).toContainText('Guaranteed approval');
  await page.locator('#panel-hero').getByLabel('Subtitle').fill('Financing for every build, coast to coast.');
  await page.getByRole('button', { name: 'Save All Changes' }).click();
  await expect(toast(page)).toContainText('✅ Content Saved!');
  await expect(toast(page)).toContainText('3 advertising claims to review below.');
  await expect(items).toHaveCount(3);
});

import { expect, test, type Page } from '@playwright/test';
import { COLLECTOR_MARK } from '../../lib/vitals/paths';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, sectionLink, signInToDashboard } from './admin-ui';
import { startServer, type RunningServer } from './server';
import { addAccount, signInAs } from './team-support';

/**
 * The Overview at /admin: the owner lands on it, its figures match seeded leads, its charts are
 * drawn (in the browser, by Recharts) with their text equivalents, a real page view counted by the
 * Web Vitals beacon shows in the conversion by landing page, the period is in the address, and axe
 * finds nothing at phone and desktop widths. The figures' edge cases are in
 * tests/integration/overview.test.ts, on both engines.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const MINUTE = 60_000;
const DAY = 86_400_000;

interface SeedLead {
  id: string;
  kind: string;
  ago: number;
  status?: string;
  spam?: boolean;
  source: string;
  landing: string;
  /** Minutes after submission of its first status change. */
  contactedAfter?: number;
}

function seed(leads: SeedLead[], now: number) {
  withDb(server.databasePath, (db) => {
    const insert = db.prepare(
      `INSERT INTO leads (id, kind, type, fields, name, email, phone, page, status, is_spam, client_address, user_agent, created_at, search, first_source, last_source, landing_page)
       VALUES (?, ?, 'Seed', '{}', ?, 'seed@example.com', '', '/', ?, ?, '203.0.113.1', 'seed', ?, '', ?, ?, ?)`,
    );
    const change = db.prepare(
      `INSERT INTO lead_status_changes (id, lead_id, from_status, to_status, actor, actor_id, at) VALUES (?, ?, 'new', ?, 'Owner', 'admin', ?)`,
    );
    db.transaction(() => {
      for (const lead of leads) {
        const at = now - lead.ago;
        const status = lead.spam ? 'spam' : (lead.status ?? 'new');
        insert.run(
          lead.id,
          lead.kind,
          `Seed ${lead.id}`,
          status,
          lead.spam ? 1 : 0,
          new Date(at).toISOString(),
          lead.source,
          lead.source,
          lead.landing,
        );
        if (lead.contactedAfter !== undefined)
          change.run(`${lead.id}c`, lead.id, status, new Date(at + lead.contactedAfter * MINUTE).toISOString());
      }
    })();
  });
}

const figure = (page: Page, term: string) =>
  page
    .getByTestId('overview-figures')
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: term }) });
const chart = (page: Page, name: string) => page.getByRole('figure', { name });

/** A real visit to a public page, left again: the collector's beacon counts one view of it. */
async function viewPublicPage(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, COLLECTOR_MARK);
  await page.goto(`${server.url}/api/health`);
}
const pageViews = (path: string) =>
  withDb(server.databasePath, (db) =>
    Number((db.prepare('SELECT coalesce(sum(views), 0) AS n FROM page_views WHERE path = ?').get(path) as { n: number }).n),
  );

test('the owner lands on the Overview: figures, charts with tables, page views from the beacon, axe at both widths', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const now = Date.now();
  const startOfToday = Date.parse(new Date(now).toISOString().slice(0, 10));
  seed(
    [
      { id: 'o1', kind: 'contact', ago: 5 * MINUTE, source: 'news', landing: '/' },
      {
        id: 'o2',
        kind: 'application',
        ago: 3 * DAY,
        status: 'contacted',
        source: 'google',
        landing: '/rates',
        contactedAfter: 90,
      },
      { id: 'o3', kind: 'ebook', ago: 10 * DAY, source: 'news', landing: '/' },
      { id: 'o4', kind: 'contact', ago: DAY, spam: true, source: 'spammy.example', landing: '/rates' },
    ],
    now,
  );
  const visitor = await (await browser.newContext()).newPage();
  await viewPublicPage(visitor, '/rates');
  await expect.poll(() => pageViews('/rates')).toBe(1);

  await signInToDashboard(page, server.url);
  await expect(page).toHaveTitle('Overview | Admin Dashboard | Construction Loan Pros');
  await expect(sectionLink(page, 'Overview')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();

  // The figures (the lead five minutes old is today's unless the test runs just after midnight UTC).
  await expect(figure(page, 'New leads today').getByRole('definition').first()).toHaveText(
    now - 5 * MINUTE >= startOfToday ? '1' : '0',
  );
  await expect(figure(page, 'Last 7 days').getByRole('definition').first()).toHaveText('2');
  await expect(figure(page, 'Last 30 days').getByRole('definition').first()).toHaveText('3');
  await expect(figure(page, 'Not yet contacted')).toContainText('2Oldest waiting 10 days.');
  await expect(figure(page, 'Median time to first contact')).toContainText('1 hour 30 minutesOver 1 lead of the last 30 days');
  await figure(page, 'Not yet contacted').getByRole('link', { name: 'See them' }).click();
  await expect(page).toHaveURL(`${server.url}/admin/leads?status=new`);
  await openSection(page, 'Overview');

  // The charts: drawn by Recharts in the browser, each with a summary and a table of its figures.
  for (const name of ['Leads per day by kind', 'Leads by source', 'Conversion by landing page'])
    await expect(chart(page, name).locator('svg.recharts-surface').first()).toBeVisible();
  await expect(chart(page, 'Leads by source')).toHaveAccessibleDescription(
    'Where the leads of the last 30 days first came from; most from news (2 leads), google (1 lead).',
  );
  const landing = chart(page, 'Conversion by landing page');
  await landing.getByText('as a table').click();
  await expect(landing.getByRole('row', { name: /^\/rates / })).toHaveText('/rates11100%');
  await expect(landing.getByRole('row', { name: /^\/ / })).toHaveText('/02no views counted');

  // The period is in the address.
  await page.getByRole('link', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(`${server.url}/admin?range=90`);
  await expect(page.getByRole('link', { name: 'Last 90 days' })).toHaveAttribute('aria-current', 'page');
  await expect(chart(page, 'Leads per day by kind')).toHaveAccessibleDescription(/^3 leads from \w+ \d+ to \w+ \d+: /);

  // Readable on a phone (nothing wider than the screen) and accessible at both widths, tables open.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const closed = page.locator('figure details:not([open]) > summary');
    while ((await closed.count()) > 0) await closed.first().click();
    await expect(chart(page, 'Leads by source').locator('svg.recharts-surface').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
  }
});

test('/admin is the Overview for a loan officer, and a plain 307 for an editor and without a live session', async () => {
  await addAccount(server.databasePath, { id: 'editor0000000000000000000000000a', email: 'erin@example.com', role: 'editor' });
  await addAccount(server.databasePath, {
    id: 'officer000000000000000000000000b',
    email: 'lou@example.com',
    role: 'loan_officer',
  });
  const get = async (cookie: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/admin`, { headers: { Cookie: cookie, ...headers }, redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), body: await response.text() };
  };
  const officer = await get(await signInAs(server.url, 'lou@example.com'));
  expect(officer.status).toBe(200);
  expect(officer.body).toContain('id="overview-title"');
  const editor = await signInAs(server.url, 'erin@example.com');
  for (const headers of [{}, { RSC: '1' }] as Record<string, string>[]) {
    const answer = await get(editor, headers);
    expect([answer.status, answer.location, answer.body]).toEqual([307, '/admin/content', '']);
  }
  for (const cookie of ['', 'clp_admin=made-up-token']) {
    const answer = await get(cookie);
    expect([answer.status, answer.location, answer.body]).toEqual([307, '/login', '']);
  }
});

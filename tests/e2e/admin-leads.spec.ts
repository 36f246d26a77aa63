import { expect, test, type Page } from '@playwright/test';
import { ATTRIBUTION_CSV_COLUMNS } from '../../lib/attribution/csv';
import { CONSENT_TEXT } from '../../lib/leads/fields';
import { leadRowMessage } from '../../lib/leads/lead-row';
import { startSmtp } from '../support/mail';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, sectionLink, signInToDashboard } from './admin-ui';
import { MAIL_ENV, expectToast, fillFields, fullApplication, postPageForm } from './leads-support';
import { startServer, type RunningServer } from './server';

/**
 * The Leads tab ('Leads Database') against the production server. One server without a mail
 * transport (the banner, the empty lists, the workflow, then filters and the URL on more leads),
 * one with a real SMTP peer (spam, retry).
 */

const rows = (page: Page) => page.getByTestId('lead-row');
const leadDialog = (page: Page) => page.getByRole('dialog');

async function openLead(page: Page, name: string) {
  await rows(page).getByRole('button', { name, exact: true }).click();
  await expect(leadDialog(page).getByRole('heading', { name, exact: true })).toBeVisible();
}

/** Leads written straight into the database, i minutes apart (newest first = lowest i), with ids `${idPrefix}${i}`. */
function seedLeads(
  databasePath: string,
  leads: { name: string; email: string; phone: string; kind: string; status?: string; createdAt: string; spam?: boolean }[],
  idPrefix = 'seed',
) {
  withDb(databasePath, (db) => {
    const lead = db.prepare(
      `INSERT INTO leads (id, kind, type, fields, name, email, phone, page, status, is_spam, spam_reason, client_address, user_agent, created_at, search)
       VALUES (?, ?, ?, ?, ?, ?, ?, '/seed', ?, ?, ?, '203.0.113.1', 'seed', ?, ?)`,
    );
    const note = db.prepare(
      `INSERT INTO notifications (id, subject_type, subject_id, channel, payload, status, attempts, created_at, updated_at, sent_at)
       VALUES (?, 'lead', ?, 'email', ?, ?, 1, ?, ?, ?)`,
    );
    db.transaction(() => {
      leads.forEach((l, i) => {
        const id = `${idPrefix}${i}`;
        const fields =
          l.kind === 'contact'
            ? { from_name: l.name, from_email: l.email, phone: l.phone, message: 'Hello, "quoted", text' }
            : { name: l.name, email: l.email };
        const search = `${l.name} ${l.email} ${l.phone} ${l.phone.replace(/\D/g, '')}`.toLowerCase();
        const type = l.kind === 'contact' ? 'Contact Form' : 'Ebook Download';
        lead.run(
          id,
          l.kind,
          type,
          JSON.stringify(fields),
          l.name,
          l.email,
          l.phone,
          l.spam ? 'spam' : (l.status ?? 'new'),
          l.spam ? 1 : 0,
          l.spam ? 'honeypot' : null,
          l.createdAt,
          search,
        );
        const message = leadRowMessage({
          kind: l.kind,
          type,
          fields: JSON.stringify(fields),
          page: '/seed',
          created_at: l.createdAt,
          consent_text: null,
          consent_at: null,
          consent_page: null,
        });
        note.run(`n${id}`, id, JSON.stringify(message), l.spam ? 'skipped' : 'sent', l.createdAt, l.createdAt, l.createdAt);
      });
    })();
  });
}

test.describe('without a mail transport', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ env: { SPAM_MIN_FILL_SECONDS: '0', LEAD_RATE_LIMIT: '1000' } });
  });
  test.afterAll(async () => server?.stop());

  test('empty lists; a lead from another browser appears after Refresh Leads; status and notes persist', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInToDashboard(page, server.url);
    await expect(page.getByTestId('notification-banner')).toContainText('No e-mail transport is configured.');
    await openSection(page, 'Leads');
    await expect(page.getByRole('heading', { name: 'Leads Database' })).toBeVisible();
    await expect(page.getByText('No contact form submissions yet.', { exact: true })).toBeVisible();
    await expect(page.getByText('No qualification form submissions yet.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Qualification form leads' }).click();
    await expect(page.getByText('No qualification form submissions yet.', { exact: true })).toBeVisible();
    await expect(page.getByText('No contact form submissions yet.', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Contact form leads' }).click();
    await expect(page.getByText('No contact form submissions yet.', { exact: true })).toBeVisible();

    // A visitor in another browser sends the contact form, with consent.
    const visitor = await browser.newContext();
    const public_ = await visitor.newPage();
    await public_.goto(`${server.url}/contact`);
    await fillFields(public_.locator('main'), {
      from_name: 'Ada Lovelace',
      from_email: 'ada@example.com',
      phone: '208-555-0199',
      message: 'Building in Boise.',
    });
    await public_.getByRole('checkbox', { name: /I agree to receive calls/ }).check();
    await public_.getByRole('button', { name: 'Send Message' }).click();
    await expect(public_.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
    await visitor.close();
    // And an application, as a browser without JavaScript posts it.
    expect((await postPageForm(server.url, '/apply', fullApplication)).status).toBe(200);

    await expect(rows(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Refresh Leads' }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('ada@example.com');
    await expect(rows(page).first()).toContainText('E-mail: Waiting');
    await page.getByRole('button', { name: 'All leads' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toContainText('Jane Builder'); // newest first
    await page.getByRole('button', { name: 'Detailed applications' }).click();
    await expect(rows(page)).toHaveCount(1);

    // The application shows the e-mail's labels and dollars.
    await openLead(page, 'Jane Builder');
    const dialog = leadDialog(page);
    for (const text of [
      'PROJECT INFORMATION',
      'Land Balance',
      '$45,001',
      'Desired Loan Amount',
      '$695,000',
      'Monthly Bills (excluding utilities)',
      'I am a qualified owner-builder',
      'Fixed ARM Product',
    ]) {
      await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(dialog).toContainText('on /apply');
    await expect(dialog.getByTestId('notification-state')).toHaveText('Waiting');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');

    // The contact lead: its fields, consent record and page; status and notes saved on the server.
    await page.getByRole('button', { name: 'Contact form leads' }).click();
    await openLead(page, 'Ada Lovelace');
    await expect(dialog).toContainText('Building in Boise.');
    await expect(dialog).toContainText(CONSENT_TEXT);
    await expect(dialog).toContainText('on /contact');
    await dialog.getByLabel('Status').selectOption({ label: 'Contacted' });
    await dialog.getByLabel('Notes').fill('Called Tuesday; wants a 12-month draw schedule.');
    await dialog.getByRole('button', { name: 'Save Status and Notes' }).click();
    await expect(dialog.getByTestId('lead-message')).toContainText('✅ Lead Saved');
    await page.keyboard.press('Escape');
    await expect(rows(page).first()).toContainText('Contacted');

    // The filter is in the address: a reload keeps it.
    await expect(page).toHaveURL(`${server.url}/admin/leads?kind=contact`);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Contact form leads' })).toHaveAttribute('aria-pressed', 'true');
    await openLead(page, 'Ada Lovelace');
    await expect(dialog.getByLabel('Status')).toHaveValue('contacted');
    await expect(dialog.getByLabel('Notes')).toHaveValue('Called Tuesday; wants a 12-month draw schedule.');
    await page.keyboard.press('Escape');

    // Delete asks first; dismissing keeps the lead.
    await page.getByRole('button', { name: 'All leads' }).click();
    await expect(page).toHaveURL(`${server.url}/admin/leads`);
    await openLead(page, 'Jane Builder');
    page.once('dialog', (d) => void d.dismiss());
    await dialog.getByRole('button', { name: 'Delete lead' }).click();
    await expect(dialog).toBeVisible();
    page.once('dialog', (d) => {
      expect(d.message()).toContain('Delete this lead');
      void d.accept();
    });
    await dialog.getByRole('button', { name: 'Delete lead' }).click();
    await expectToast(page, '🗑️ Lead Deleted');
    await expect(rows(page)).toHaveCount(1);
    expect(
      withDb(server.databasePath, (db) => db.prepare("SELECT count(*) AS c FROM leads WHERE name = 'Jane Builder'").get()),
    ).toEqual({ c: 0 });

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page);
  });

  test('search, filters, paging and the CSV export of the current filter', async ({ page, request }) => {
    test.setTimeout(120_000);
    const base = Date.parse('2026-03-10T12:00:00.000Z');
    const seeded = Array.from({ length: 30 }, (_, i) => ({
      name: `Person ${String(i).padStart(2, '0')}`,
      email: `person${i}@example.com`,
      phone: `(303) 555-${String(1000 + i)}`,
      kind: i % 2 ? 'ebook' : 'contact',
      status: i % 3 === 0 ? 'qualified' : 'new',
      createdAt: new Date(base - i * 86_400_000).toISOString(),
    }));
    seeded[1] = { ...seeded[1]!, name: '=HYPERLINK("http://evil.example","Click")', email: 'evil@example.com' };
    seeded[2] = { ...seeded[2]!, name: 'Zoë Ñúñez, Jr.' };
    seedLeads(server.databasePath, seeded);

    await signInToDashboard(page, server.url);
    await openSection(page, 'Leads');
    const status = page.getByRole('status').filter({ hasText: /leads?, page/ });
    await expect(status).toHaveText(/^3\d leads, page 1 of 2\.$/);
    await expect(rows(page)).toHaveCount(25);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(status).toHaveText(/page 2 of 2/);
    // Next pages on from the last lead shown (keyset paging, issue 32): the address names it.
    await expect(page).toHaveURL(/\/admin\/leads\?page=2(&older=[^&]+)?$/);

    const search = page.getByLabel('Search name, e-mail or phone');
    const apply = page.getByRole('button', { name: 'Apply Filters' });
    await search.fill('PERSON 07');
    await apply.click();
    await expect(status).toHaveText('1 lead, page 1 of 1.');
    await expect(rows(page)).toContainText(['Person 07']);
    await search.fill('person12@example');
    await apply.click();
    await expect(rows(page)).toContainText(['Person 12']);
    await search.fill('3035551015'); // phone digits, typed without separators
    await apply.click();
    await expect(rows(page)).toContainText(['Person 15']);
    await search.fill('zzz-nobody');
    await apply.click();
    await expect(page.getByText('No leads match these filters.')).toBeVisible();

    // Kind + status + a date range: contact leads (even i), qualified (i % 3 == 0), 2026-02-20..2026-03-10 (i <= 18).
    await search.fill('');
    await page.getByRole('button', { name: 'Contact form leads' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Qualified' });
    await page.getByLabel('From', { exact: true }).fill('2026-02-20');
    await page.getByLabel('To', { exact: true }).fill('2026-03-10');
    await apply.click();
    await expect(rows(page)).toHaveCount(4); // i = 0, 6, 12, 18
    await expect(rows(page).getByRole('button')).toHaveText(['Person 00', 'Person 06', 'Person 12', 'Person 18']);

    // The export follows the filter.
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe('/api/admin/leads/export?kind=contact&status=qualified&from=2026-02-20&to=2026-03-10');
    const filtered = await page.request.get(`${server.url}${href}`);
    expect(filtered.status()).toBe(200);
    const filteredText = (await filtered.body()).toString('utf8');
    expect(filteredText.split('\r\n').filter(Boolean)).toHaveLength(5);

    // The whole list: BOM, header, quoting, UTF-8 and the formula neutralized.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('button', { name: 'All leads' }).click();
    await expect(status).toHaveText(/^31 leads/); // with the first test's contact lead
    const all = await page.request.get(`${server.url}/api/admin/leads/export`);
    expect(all.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers()['cache-control']).toBe('no-store');
    expect(all.headers()['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = await all.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8').slice(1);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      [
        'Submitted (UTC),Kind,Type,Status,Name,Email,Phone,Page,Consent given at,Consent page,Notification,Last error,Spam reason,Possible bot,Bot signals',
        ...ATTRIBUTION_CSV_COLUMNS,
        'Notes,Details,Id',
      ].join(','),
    );
    expect(csv).toContain(
      `2026-03-09T12:00:00.000Z,ebook,Ebook Download,New,"'=HYPERLINK(""http://evil.example"",""Click"")",evil@example.com,(303) 555-1001,/seed,`,
    );
    expect(csv).toContain('"Zoë Ñúñez, Jr."');
    expect(csv).toContain('"Name: Person 00\nEmail: person0@example.com\nPhone: (303) 555-1000\n');
    expect(csv).toContain('Message: Hello, ""quoted"", text');
    expect(csv.match(/\r\n2026-/g)).toHaveLength(31);

    // Signed out: refused.
    expect((await request.get(`${server.url}/api/admin/leads/export`)).status()).toBe(401);
  });

  test('search, filters and page live in the URL: opened directly, changed, and Back returns to the previous filter', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // 35 contacted and 10 qualified Quimbys, and 20 others, one day apart, newest first.
    const base = Date.parse('2026-05-01T12:00:00.000Z');
    const lead = (i: number, name: string, status: string) => ({
      name,
      email: `lead${i}@example.com`,
      phone: `(208) 555-${String(2000 + i)}`,
      kind: i % 2 ? 'ebook' : 'contact',
      status,
      createdAt: new Date(base - i * 86_400_000).toISOString(),
    });
    seedLeads(
      server.databasePath,
      [
        ...Array.from({ length: 35 }, (_, i) => lead(i, `Quimby Contacted ${String(i).padStart(2, '0')}`, 'contacted')),
        ...Array.from({ length: 10 }, (_, i) => lead(35 + i, `Quimby Qualified ${i}`, 'qualified')),
        ...Array.from({ length: 20 }, (_, i) => lead(45 + i, `Someone Else ${i}`, 'contacted')),
      ],
      'url',
    );
    // Opened directly at a filtered address.
    await signInToDashboard(page, server.url, { path: '/admin/leads?q=quimby&status=contacted&page=2' });

    const status = page.getByRole('status').filter({ hasText: /leads?, page/ });
    const search = page.getByLabel('Search name, e-mail or phone');
    const statusFilter = page.getByLabel('Status', { exact: true });
    const names = rows(page).getByRole('button');
    const contactedPage2 = async () => {
      await expect(status).toHaveText('35 leads, page 2 of 2.');
      await expect(search).toHaveValue('quimby');
      await expect(statusFilter).toHaveValue('contacted');
      await expect(rows(page)).toHaveCount(10);
      await expect(names.first()).toHaveText('Quimby Contacted 25');
      await expect(names.last()).toHaveText('Quimby Contacted 34');
      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        '/api/admin/leads/export?status=contacted&q=quimby',
      );
    };

    await expect(sectionLink(page, 'Leads')).toHaveAttribute('aria-current', 'page');
    await contactedPage2();

    // A new filter is a new address (page 1 again).
    await statusFilter.selectOption({ label: 'Qualified' });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(`${server.url}/admin/leads?status=qualified&q=quimby`);
    await expect(status).toHaveText('10 leads, page 1 of 1.');
    await expect(names.first()).toHaveText('Quimby Qualified 0');
    await page.getByRole('button', { name: 'Contact form leads' }).click();
    await expect(page).toHaveURL(`${server.url}/admin/leads?kind=contact&status=qualified&q=quimby`);
    await expect(status).toHaveText('5 leads, page 1 of 1.');

    // Back returns to each previous filter with its results; Forward goes again.
    await page.goBack();
    await expect(page).toHaveURL(`${server.url}/admin/leads?status=qualified&q=quimby`);
    await expect(status).toHaveText('10 leads, page 1 of 1.');
    await expect(page.getByRole('button', { name: 'All leads' })).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await expect(page).toHaveURL(`${server.url}/admin/leads?q=quimby&status=contacted&page=2`);
    await contactedPage2();
    await page.goForward();
    await expect(status).toHaveText('10 leads, page 1 of 1.');
    await expect(statusFilter).toHaveValue('qualified');

    // An address with a filter that is not valid says what is wrong instead of failing.
    await page.goto(`${server.url}/admin/leads?status=hot&from=21%2F11%2F2026&page=0`);
    const alert = page.getByRole('alert').filter({ hasText: 'Filter Not Applied' });
    await expect(alert).toContainText('Status “hot”');
    await expect(alert).toContainText('From “21/11/2026”: Use a date like 2026-11-21.');
    await expect(alert).toContainText('Page “0”');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Show all leads' }).click();
    await expect(page).toHaveURL(`${server.url}/admin/leads`);
    // Every lead outside the spam folder: these 65 and the earlier tests' leads.
    const { total } = withDb(server.databasePath, (db) =>
      db.prepare('SELECT count(*) AS total FROM leads WHERE is_spam = 0').get(),
    ) as { total: number };
    expect(total).toBeGreaterThanOrEqual(65);
    await expect(status).toHaveText(`${total} leads, page 1 of ${Math.ceil(total / 25)}.`);
  });
});

test('spam folder and Not spam (which sends the notification); failing notifications, the banner and Retry now', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const smtp = await startSmtp();
  const server = await startServer({
    env: { SMTP_URL: smtp.url, ...MAIL_ENV, SPAM_MIN_FILL_SECONDS: '0', LEAD_RATE_LIMIT: '1000' },
  });
  try {
    // A bot fills the honeypot: stored as spam, not notified.
    await page.goto(`${server.url}/ebook`);
    await page.getByLabel(/Full Name/).fill('Robo Spammer');
    await page.getByLabel(/Email Address/).fill('robo@example.com');
    // The honeypot is not displayed (no person, and no autofill, can fill it): a bot sets it directly.
    await page
      .locator('#ebook-form [name="company_website"]')
      .evaluate((input: HTMLInputElement) => (input.value = 'http://spam.example'));
    await page.getByRole('button', { name: 'Download Now' }).click();
    await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
    // A failed notification of an earlier lead.
    seedLeads(server.databasePath, [
      { name: 'Failed Fred', email: 'fred@example.com', phone: '', kind: 'ebook', createdAt: '2026-01-05T10:00:00.000Z' },
    ]);
    withDb(server.databasePath, (db) =>
      db
        .prepare(
          "UPDATE notifications SET status = 'failed', sent_at = NULL, last_error = '550 5.1.1 Mailbox unavailable', attempts = 40 WHERE subject_id = 'seed0'",
        )
        .run(),
    );

    // What migration 0014 leaves when it brought leads back from spam (ADR 030).
    withDb(server.databasePath, (db) =>
      db
        .prepare("INSERT INTO app_meta (key, value) VALUES ('spam_moved_back', ?)")
        .run(JSON.stringify({ count: 3, at: '2026-11-26T00:00:00Z' })),
    );

    await signInToDashboard(page, server.url);
    await expect(page.getByTestId('notification-banner')).toContainText('Lead e-mail notifications are failing');
    await expect(page.getByTestId('notification-banner')).toContainText('1 failed for good');
    await openSection(page, 'Leads');
    const notice = page.getByTestId('moved-back-notice');
    await expect(notice).toContainText('3 leads came back from the spam folder.');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('E-mail: Failed');

    await openLead(page, 'Failed Fred');
    const dialog = leadDialog(page);
    await expect(dialog.getByTestId('notification-state')).toContainText('Failed: 550 5.1.1 Mailbox unavailable');
    await dialog.getByRole('button', { name: 'Retry now' }).click();
    await expect(dialog.getByTestId('lead-message')).toContainText('📨 Retrying Now');
    await expect.poll(() => smtp.mails.some((m) => m.text.includes('fred@example.com')), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Refresh Leads' }).click();
    await expect(rows(page).first()).toContainText('E-mail: Sent');

    // The spam folder holds the bot; Not spam moves it back and sends its notification.
    const folder = page.getByRole('button', { name: 'Spam folder (1)' });
    await folder.click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Spam');
    await expect(rows(page).first()).toContainText('E-mail: Not sent (spam)');
    await expect(rows(page).first().getByTestId('spam-reason')).toContainText('Filled in the hidden field that people never see');
    await expectNoAxeViolations(page);
    expect(smtp.mails.some((m) => m.text.includes('Robo Spammer'))).toBe(false);
    await openLead(page, 'Robo Spammer');
    await expect(dialog.getByTestId('lead-bot-signals')).toContainText('Why it is in spam');
    await expect(dialog.getByTestId('lead-bot-signals')).toContainText('Filled in the hidden field');
    await dialog.getByRole('button', { name: 'Not spam' }).click();
    await expect(dialog.getByTestId('lead-message')).toContainText('✅ Not Spam');
    await expect.poll(() => smtp.mails.some((m) => m.text.includes('Robo Spammer')), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.getByText('No leads match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to leads' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).first()).toContainText('Robo Spammer');

    // The owner can file a lead as spam in one action; the folder says who did.
    await openLead(page, 'Robo Spammer');
    await dialog.getByRole('button', { name: 'Move to spam' }).click();
    await expect(dialog.getByTestId('lead-message')).toContainText('Moved To Spam');
    await expect(dialog.getByTestId('lead-bot-signals')).toContainText('Moved to spam by your team.');
    await page.keyboard.press('Escape');
    await expect(rows(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Spam folder (1)' })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('notification-banner')).toHaveCount(0);
    await expect(page.getByTestId('moved-back-notice')).toHaveCount(0);
  } finally {
    await server.stop();
    await smtp.stop();
  }
});

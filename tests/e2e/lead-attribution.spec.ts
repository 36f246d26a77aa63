import { expect, test, type Page } from '@playwright/test';
import { startSmtp } from '../support/mail';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard, toast } from './admin-ui';
import { MAIL_ENV, postPageForm } from './leads-support';
import { startServer } from './server';

/**
 * Issue 18, 'where leads come from' and the visitor's auto-reply, against the production server:
 * a visitor lands from a tagged newsletter link, sends the ebook form (with JavaScript, the lead
 * endpoint), comes back later from a partner's site and sends the contact form (without
 * JavaScript, the Server Action). The admin shows both touches, filters and exports them; each
 * visitor gets the auto-reply once the owner has entered the postal address.
 */

const POSTAL = '100 Main Street, Suite 2, Boise, ID 83702';

/** RFC 4180 records (quoted cells may hold commas and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      record.push(cell);
      cell = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else {
      cell += c;
    }
  }
  return records;
}

async function openLead(page: Page, name: string) {
  await page.getByTestId('lead-row').getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name, exact: true })).toBeVisible();
  return page.getByRole('dialog');
}

test('first and last touch reach the admin and the CSV; the auto-reply reaches the visitor', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const smtp = await startSmtp();
  const server = await startServer({ env: { SMTP_URL: smtp.url, ...MAIL_ENV } });
  try {
    // The owner turns the auto-reply on by entering the postal address (it is empty by default).
    await signInToDashboard(page, server.url);
    await openSection(page, 'Site Content');
    await page.getByRole('button', { name: 'Auto-reply to Visitors' }).click();
    const panel = page.locator('#panel-autoReply');
    await expect(panel.getByLabel('Send auto-replies')).toBeChecked();
    await expect(panel.getByText(/no auto-reply goes out until you enter your postal address/)).toBeVisible();
    await panel.getByLabel('Postal Address').fill(POSTAL);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(toast(page)).toContainText('✅ Content Saved!');

    // The visitor lands from the newsletter: the server sets the first-party cookie, HttpOnly.
    const visitor = await browser.newContext();
    const v = await visitor.newPage();
    const landing = await v.goto(`${server.url}/?utm_source=news&utm_medium=email&utm_campaign=fall`);
    expect(landing!.headers()['cache-control']).toBe('private, no-store');
    const cookie = (await visitor.cookies()).find((c) => c.name === 'clp_src');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // A page inside the site changes nothing; the ebook form is sent with JavaScript.
    await v.goto(`${server.url}/ebook`);
    expect((await visitor.cookies()).find((c) => c.name === 'clp_src')?.value).toBe(cookie!.value);
    await v.getByLabel(/Full Name/).fill('Nora News');
    await v.getByLabel(/Email Address/).fill('nora@example.com');
    await v.waitForTimeout(2_500); // a person types for a while (the spam filter's 2 s minimum)
    await v.getByRole('button', { name: 'Download Now' }).click();
    await expect(v.getByRole('heading', { name: 'Thank You' })).toBeVisible();

    // Days later the same browser arrives from a partner's list: the last touch changes.
    await v.goto(`${server.url}/contact`, { referer: 'https://partner.example/builders' });
    const later = (await visitor.cookies()).find((c) => c.name === 'clp_src')!;
    expect(later.value).not.toBe(cookie!.value);
    // ...and sends the contact form without JavaScript (the form's Server Action).
    const sent = await postPageForm(
      server.url,
      '/contact',
      { from_name: 'Pat Partner', from_email: 'pat@example.com', message: 'Call me about a build.' },
      { headers: { cookie: `clp_src=${later.value}` } },
    );
    expect(sent.body).toContain('Message Sent!');
    await visitor.close();

    // Each visitor's auto-reply, through the SMTP peer, signed with the NMLS ID and postal address.
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('nora@example.com')).length, { timeout: 20_000 }).toBe(1);
    const reply = smtp.mails.find((m) => m.to.includes('nora@example.com'))!;
    expect(reply.headers.subject).toBe('We received your request');
    expect(reply.text).toContain('Hello Nora News,');
    expect(reply.text).toContain('NMLS ID 1234567');
    expect(reply.text).toContain(POSTAL);
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('pat@example.com')).length).toBe(1);
    const toPat = smtp.mails.find((m) => m.to.includes('pat@example.com'))!;
    expect(toPat.text).toContain('Your message: received');
    expect(toPat.text).not.toContain('Call me about a build.');
    // The broker still gets their two e-mails.
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes('broker@example.com')).length).toBe(2);
    // The dialog reads the auto-reply's state once, when it opens: wait until the outbox recorded it.
    const sentReplies = () =>
      withDb(server.databasePath, (db) =>
        db.prepare(`SELECT count(*) AS n FROM notifications WHERE recipient = 'visitor' AND status = 'sent'`).get(),
      ) as { n: number };
    await expect.poll(() => sentReplies().n).toBe(2);

    // The admin: both leads under the newsletter (first touch), one under the partner (last).
    await openSection(page, 'Leads');
    await page.getByRole('textbox', { name: 'Source' }).fill('News');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(page).toHaveURL(/[?&]source=news(&|$)/);
    await expect(page.getByTestId('lead-row')).toHaveCount(2);
    await page.goto(`${server.url}/admin/leads?source=partner.example`);
    await expect(page.getByTestId('lead-row')).toHaveCount(1);

    const pat = await openLead(page, 'Pat Partner');
    const first = pat.getByTestId('lead-first-touch');
    await expect(first).toContainText('news');
    await expect(first).toContainText('email');
    await expect(first).toContainText('fall');
    await expect(pat.getByTestId('lead-last-touch')).toContainText('partner.example');
    await expect(pat.getByTestId('lead-last-touch')).toContainText('/contact');
    await expect(pat.getByTestId('lead-last-touch')).not.toContainText('news');
    await expect(pat.getByTestId('auto-reply-state')).toContainText('Sent to pat@example.com');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');

    // The CSV export carries both touches.
    const csv = await page.request.get(`${server.url}/api/admin/leads/export?source=news`);
    expect(csv.status()).toBe(200);
    const [header, ...records] = parseCsv((await csv.body()).toString('utf8').slice(1));
    const byName = (name: string) => Object.fromEntries(header!.map((h, i) => [h, records.find((r) => r.includes(name))![i]]));
    expect(records).toHaveLength(2);
    expect(byName('Nora News')).toMatchObject({
      'First touch source': 'news',
      'First touch medium': 'email',
      'First touch campaign': 'fall',
      'First touch landing page': '/',
      'Last touch source': 'news',
    });
    expect(byName('Pat Partner')).toMatchObject({
      'First touch source': 'news',
      'First touch campaign': 'fall',
      'Last touch source': '',
      'Last touch referrer': 'partner.example',
      'Last touch landing page': '/contact',
    });
  } finally {
    await server.stop();
    await smtp.stop();
  }
});

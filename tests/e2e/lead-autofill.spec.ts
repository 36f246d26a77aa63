import { devices, expect, test, type Locator, type Page } from '@playwright/test';
import { startSmtp } from '../support/mail';
import { signInToDashboard } from './admin-ui';
import { withDb } from './admin-support';
import { MAIL_ENV, fullApplication, pick, step1Names } from './leads-support';
import { startServer } from './server';

/**
 * Visitors on a phone whose browser fills the form for them (ADR 030), with the real defaults
 * (2 s fill time, 10 leads per 10 minutes): a tap on the first field, every field filled at once as
 * autofill fills them, the send tapped 0.8 to 1.5 s after the first tap. Each of them is a lead in
 * the Leads list, alerted by e-mail. A bot that fills the honeypot is in the spam folder, unalerted;
 * one that sends at once is listed and alerted, marked "Possible bot".
 */

const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
test.use(pixel);

/**
 * What a phone's autofill does after the visitor taps a field and its suggestion: every field set
 * at once through the value setter, each with its input and change events (radios clicked).
 */
async function autofill(form: Locator, values: Record<string, string>) {
  await form.evaluate((element, entries) => {
    for (const [name, value] of Object.entries(entries)) {
      const radio = element.querySelector<HTMLInputElement>(`input[type="radio"][name="${name}"][value="${value}"]`);
      if (radio) {
        radio.click();
        continue;
      }
      const control = element.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')!.set!.call(control, value);
      control.dispatchEvent(new Event('input', { bubbles: true }));
      control.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, values);
}

/**
 * The visitor's pace, kept on the page's own clock so that a busy test machine cannot stretch it:
 * the clock stops just before the first tap, the autofill takes no time, and the clock moves `ms`
 * on before the send; it runs again once the send is tapped.
 */
async function pause(page: Page) {
  // pauseAt jumps to a moment ahead of now (it cannot go back): 2 s covers a slow round trip.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
}

/** The fill time the form posted to the lead endpoint (its urlencoded body's `fill_ms`). */
async function postedFillMs(page: Page, send: () => Promise<void>): Promise<number> {
  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/api/leads/'));
  await send();
  page.clock.resume();
  return Number(new URLSearchParams((await posted).postData() ?? '').get('fill_ms'));
}

test('autofilled forms on a phone, sent 0.8-1.5 s after the first tap, are listed and alerted; the honeypot is spam', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const smtp = await startSmtp();
  const server = await startServer({ env: { SMTP_URL: smtp.url, ...MAIL_ENV } });
  try {
    await page.clock.install();
    const fills: Record<string, number> = {};

    // The ebook: a tap on Full Name, the suggestion fills name and e-mail, Download Now 1.2 s later.
    await page.goto(`${server.url}/ebook`);
    const ebook = page.locator('#ebook-form');
    await pause(page);
    await ebook.getByLabel(/Full Name/).tap();
    await autofill(ebook, { name: 'Eve Autofill', email: 'eve@example.com' });
    await page.clock.fastForward(1_200);
    fills.ebook = await postedFillMs(page, () => ebook.getByRole('button', { name: 'Download Now' }).tap());
    await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();

    // The contact page: filled by autofill, "Call me" typed, sent 1.5 s after the first tap.
    await page.goto(`${server.url}/contact`);
    const contact = page.locator('main form');
    await pause(page);
    await contact.getByLabel(/Name/).first().tap();
    await autofill(contact, { from_name: 'Cal Autofill', from_email: 'cal@example.com', phone: '555-0142' });
    await contact.getByRole('textbox', { name: 'Message' }).fill('Call me');
    await page.clock.fastForward(1_500);
    fills.contact = await postedFillMs(page, () => contact.getByRole('button', { name: 'Send Message' }).tap());
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();

    // The quick qualification form on /rates, sent 0.8 s after the first tap.
    await page.goto(`${server.url}/rates`);
    const qualify = page.locator('#qualify');
    await pause(page);
    await qualify.getByLabel(/First Name/).tap();
    await autofill(qualify, {
      firstName: 'Quinn',
      lastName: 'Autofill',
      email: 'quinn@example.com',
      phone: '555-0143',
      projectType: 'land',
      estimatedCost: '90000',
    });
    await page.clock.fastForward(800);
    fills.qualification = await postedFillMs(page, () => qualify.getByRole('button', { name: 'Check My Qualification' }).tap());
    await expect(qualify.getByRole('heading', { name: 'Request Received!' })).toBeVisible();

    // The two-step application (its dialog on the home page), filled as quickly: each step at
    // once, Next, Submit 1.4 s after the first tap.
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Start Qualification' }).tap();
    const apply = page.getByRole('dialog').locator('form');
    await pause(page);
    await apply.getByLabel(/Project Description/).tap();
    await autofill(apply, pick(fullApplication, step1Names));
    await page.clock.fastForward(600);
    await apply.getByRole('button', { name: 'Next' }).tap();
    await autofill(apply, { ...pick(fullApplication, step1Names, false), borrowerName: 'Ada Autofill' });
    await page.clock.fastForward(800);
    fills.application = await postedFillMs(page, () => apply.getByRole('button', { name: 'Submit' }).tap());
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();

    expect(fills).toEqual({ ebook: 1_200, contact: 1_500, qualification: 800, application: 1_400 });

    // A bot that fills every input, the hidden honeypot too, and one that sends at once.
    await page.goto(`${server.url}/ebook`);
    await ebook.getByLabel(/Full Name/).tap();
    await autofill(ebook, { name: 'Honey Bot', email: 'honey@example.com', company_website: 'http://spam.example' });
    await page.clock.runFor(3_000);
    await ebook.getByRole('button', { name: 'Download Now' }).tap();
    await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
    await page.goto(`${server.url}/contact`);
    await pause(page);
    await contact.getByLabel(/Name/).first().tap();
    await autofill(contact, { from_name: 'Instant Bot', from_email: 'instant@example.com', message: 'Hello' });
    await page.clock.fastForward(150);
    await contact.getByRole('button', { name: 'Send Message' }).tap();
    page.clock.resume();
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();

    // Every person's lead and the instant one are alerted (a real SMTP peer receives them); the honeypot's is not.
    const people = ['Eve Autofill', 'Cal Autofill', 'Quinn Autofill', 'Ada Autofill'];
    await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBe(5);
    for (const name of [...people, 'Instant Bot']) {
      expect(
        smtp.mails.some((m) => m.text.includes(name.split(' ')[0]!)),
        name,
      ).toBe(true);
    }
    const stored = withDb(server.databasePath, (db) =>
      db.prepare('SELECT name, is_spam, spam_reason, possible_bot, bot_signals FROM leads').all(),
    ) as { name: string; is_spam: number; spam_reason: string | null; possible_bot: number; bot_signals: string }[];
    for (const name of people) {
      const lead = stored.find((l) => l.name.includes(name.split(' ')[0]!))!;
      expect(lead).toMatchObject({ is_spam: 0, possible_bot: 0 });
      expect(JSON.parse(lead.bot_signals)).toMatchObject([{ signal: 'fast-fill' }]);
    }

    // The owner's Leads list: the four people and the instant bot, marked; the honeypot in spam, with why.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInToDashboard(page, server.url);
    await page.goto(`${server.url}/admin/leads`);
    const rows = page.getByTestId('lead-row');
    await expect(rows).toHaveCount(5);
    for (const name of people) await expect(rows.filter({ hasText: name }).getByTestId('possible-bot')).toHaveCount(0);
    await expect(rows.filter({ hasText: 'Instant Bot' }).getByTestId('possible-bot')).toHaveText('Possible bot: instant fill');
    await rows.filter({ hasText: 'Eve Autofill' }).getByRole('button').first().click();
    await expect(page.getByTestId('lead-bot-signals')).toContainText(/Sent 1\.\d s after its first field was tapped/);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Spam folder \(1\)/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Honey Bot');
    await expect(rows.first().getByTestId('spam-reason')).toContainText('Filled in the hidden field that people never see');
  } finally {
    await server.stop();
    await smtp.stop();
  }
});

import { expect, test } from '@playwright/test';
import { startSmtp } from '../support/mail';
import { withDb } from './admin-support';
import { MAIL_ENV, expectToast, fillFields, postPageForm, storedLeads } from './leads-support';
import { freePort, startServer, type RunningServer } from './server';

/** Spam handling and request checks, with the real defaults (2 s fill time, 10 per 10 minutes); autofill in lead-autofill.spec.ts. */

test('forms posted without JavaScript: a burst past the rate limit is listed and alerted, marked; link markup is spam', async () => {
  test.setTimeout(120_000);
  const smtp = await startSmtp();
  const server = await startServer({ env: { SMTP_URL: smtp.url, ...MAIL_ENV } });
  try {
    // Ten leads from one address within 10 minutes are the limit; the 11th is a burst, still a lead.
    for (let i = 0; i < 11; i++) {
      const { status, body } = await postPageForm(server.url, '/contact', {
        from_name: `N${i}`,
        from_email: 'n@example.com',
        message: 'Hi',
      });
      expect(status).toBe(200);
      expect(body).toContain('Message Sent!');
    }
    // Forum spam's link markup, which no person types into a contact form.
    const { body } = await postPageForm(server.url, '/contact', {
      from_name: 'Linker',
      from_email: 'l@example.com',
      message: 'Great post [url=http://pills.example]cheap pills[/url]',
    });
    expect(body).toContain('Message Sent!');

    const leads = storedLeads(server.databasePath);
    expect(leads).toHaveLength(12);
    const byName = (name: string) => leads.find((l) => l.fields.from_name === name)!;
    expect(byName('N9')).toMatchObject({ is_spam: 0, possible_bot: 0 });
    expect(byName('N10')).toMatchObject({ is_spam: 0, possible_bot: 1 });
    expect(byName('Linker')).toMatchObject({ is_spam: 1, spam_reason: 'link-markup', notification: 'skipped' });

    await expect.poll(() => smtp.mails.length, { timeout: 20_000 }).toBe(11);
    expect(smtp.mails.some((m) => m.text.includes('N10'))).toBe(true);
    expect(smtp.mails.some((m) => m.text.includes('Linker'))).toBe(false);
  } finally {
    await server.stop();
    await smtp.stop();
  }
});

/**
 * One server for the rest: the browser's fill time off (SPAM_MIN_FILL_SECONDS=0), its SMTP server
 * down except while the first test brings it up. Each test counts only what it stored itself.
 */
test.describe('with the SMTP server down at first', () => {
  let server: RunningServer;
  let smtpPort: number;
  test.beforeAll(async () => {
    smtpPort = await freePort();
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ...MAIL_ENV, SPAM_MIN_FILL_SECONDS: '0' } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('with the SMTP server down the visitor sees success; when it comes back the notification is delivered once', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    const notification = () => storedLeads(server.databasePath).find((l) => l.fields.name === 'Patient Reader')?.notification;
    try {
      await page.goto(`${server.url}/ebook`);
      await fillFields(page.locator('#ebook-form'), { name: 'Patient Reader', email: 'patient@example.com' });
      await page.getByRole('button', { name: 'Download Now' }).click();
      await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
      await expectToast(page, '✅ Success!');
      await expect.poll(notification, { timeout: 20_000 }).toBe('failing');

      smtp = await startSmtp(smtpPort);
      const patient = () => smtp!.mails.filter((m) => m.text.includes('Name: Patient Reader'));
      // The first retry comes 30 s after the failure.
      await expect.poll(() => patient().length, { timeout: 90_000, intervals: [1_000] }).toBe(1);
      await expect.poll(notification).toBe('sent');
      // Sent once for good: nothing more is due for it, so no second copy can follow.
      expect(
        withDb(server.databasePath, (db) =>
          db
            .prepare(
              `SELECT n.next_attempt_at FROM notifications n JOIN leads l ON l.id = n.subject_id
               WHERE n.subject_type = 'lead' AND n.channel = 'email' AND n.recipient = 'broker' AND l.email = 'patient@example.com'`,
            )
            .all(),
        ),
      ).toEqual([{ next_attempt_at: null }]);
      expect(patient()).toHaveLength(1);
    } finally {
      await smtp?.stop();
    }
  });

  test('oversized and malformed submissions get a 4xx and store nothing', async () => {
    const before = storedLeads(server.databasePath);
    const big = await postPageForm(server.url, '/ebook', { name: 'x'.repeat(200_000), email: 'b@example.com' });
    expect(big.status).toBe(413);
    expect(big.body).toContain('The form is too large');

    const url = `${server.url}/ebook`;
    const malformed = await fetch(url, {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nBo',
      headers: { Origin: server.url, 'Content-Type': 'multipart/form-data; boundary=x' },
    });
    expect(malformed.status).toBe(400);
    const notJson = await fetch(url, {
      method: 'POST',
      body: 'garbage{',
      headers: { Origin: server.url, 'Content-Type': 'text/plain', 'Next-Action': 'x' },
    });
    expect(notJson.status).toBe(400);
    const xml = await fetch(url, {
      method: 'POST',
      body: '<lead/>',
      headers: { Origin: server.url, 'Content-Type': 'application/xml' },
    });
    expect(xml.status).toBe(415);

    // A field over its maximum is refused with the form's message, nothing stored.
    const long = await postPageForm(server.url, '/ebook', { name: 'x'.repeat(300), email: 'b@example.com' });
    expect(long.body).toContain('This is too long: at most 200 characters.');
    expect(long.body).not.toContain('Thank You');
    expect(storedLeads(server.databasePath)).toEqual(before);
  });

  test('the forms post to the lead endpoint; it refuses other sites, unknown forms and oversized posts, storing nothing', async ({
    page,
  }) => {
    const before = storedLeads(server.databasePath).length;
    await page.goto(`${server.url}/contact`);
    await fillFields(page.locator('main form'), { from_name: 'Ann Asker', from_email: 'ann@example.com', message: 'Hi' });
    const answered = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const response = await answered;
    expect(new URL(response.url()).pathname).toBe('/api/leads/contact');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, kind: 'contact' });
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
    const stored = storedLeads(server.databasePath);
    expect(stored).toHaveLength(before + 1);
    expect(stored[0]).toMatchObject({ kind: 'contact', fields: { from_name: 'Ann Asker' } });

    const endpoint = `${server.url}/api/leads/contact`;
    const form = 'from_name=Eve&from_email=eve%40example.com&message=Hi';
    const urlencoded = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const crossSite = await fetch(endpoint, {
      method: 'POST',
      body: form,
      headers: { ...urlencoded, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const unknown = await fetch(`${server.url}/api/leads/payment`, {
      method: 'POST',
      body: form,
      headers: { ...urlencoded, Origin: server.url },
    });
    expect(unknown.status).toBe(404);
    const big = await fetch(endpoint, {
      method: 'POST',
      body: `${form}&message=${'x'.repeat(200_000)}`,
      headers: { ...urlencoded, Origin: server.url },
    });
    expect(big.status).toBe(413);
    const json = await fetch(endpoint, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
    });
    expect(json.status).toBe(415);
    expect(storedLeads(server.databasePath)).toHaveLength(before + 1);
  });
});

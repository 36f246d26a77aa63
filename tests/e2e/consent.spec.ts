import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { listen, type TestServer } from '../support/http-server';
import { startSmtp } from '../support/mail';
import { withDb } from './admin-support';
import { signInToDashboard } from './admin-ui';
import { expectNoAxeViolations, MAIL_ENV } from './leads-support';
import { freePort, startServer, type RunningServer } from './server';

/**
 * Withdrawing consent (issue 31, point 4), on the server as `npm start` runs it:
 *
 * - the auto-reply reaches the SMTP peer with List-Unsubscribe and List-Unsubscribe-Post (RFC 8058);
 *   opening its link changes nothing (mail scanners open links), a POST of the one-click form to it
 *   without cookies or Origin unsubscribes, and the visitor's next auto-reply is not sent; the page
 *   works without JavaScript;
 * - a STOP text posted to the Twilio webhook with a valid X-Twilio-Signature stops the next text to
 *   that number; a forged signature is refused and changes nothing;
 * - the owner records "Do not contact" in the lead dialog, which shows the lead's consent history.
 */

const AUTH_TOKEN = 'twilio-auth-token';
const BROKER_PHONE = '+12085550100';
const POSTAL = '100 Main Street, Suite 2, Boise, ID 83702';

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let twilio: TestServer;
const texts: URLSearchParams[] = [];

test.beforeAll(async () => {
  smtp = await startSmtp();
  twilio = await listen((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      texts.push(new URLSearchParams(body));
      res.writeHead(201, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  // SITE_URL is what the links point at and what Twilio signs: this server's own address.
  const port = await freePort();
  server = await startServer({
    port,
    env: {
      SITE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      ...MAIL_ENV,
      SPAM_MIN_FILL_SECONDS: '0',
      LEAD_RATE_LIMIT: '1000',
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+12085550199',
      ALERT_SMS_TO: BROKER_PHONE,
      TWILIO_API_URL: twilio.url,
    },
  });
  // The auto-reply goes out once the owner has entered the postal address (CAN-SPAM).
  withDb(server.databasePath, (db) => {
    const row = db.prepare("SELECT document FROM site_content WHERE id = 'site'").get() as { document: string };
    const content = JSON.parse(row.document) as { autoReply: Record<string, unknown> };
    content.autoReply = { ...content.autoReply, postalAddress: POSTAL };
    db.prepare("UPDATE site_content SET document = ? WHERE id = 'site'").run(JSON.stringify(content));
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await twilio?.close();
});

/** A contact form sent as its script sends it. */
async function sendContact(email: string) {
  const response = await fetch(`${server.url}/api/leads/contact`, {
    method: 'POST',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      from_name: 'Nora News',
      from_email: email,
      phone: '208-555-0142',
      message: 'About a build',
      page: '/contact',
      fill_ms: '9000',
    }),
  });
  expect(response.status).toBe(200);
}

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

const consentEvents = () =>
  withDb(server.databasePath, (db) => db.prepare('SELECT address, channel, event, source FROM consent_events ORDER BY at').all());

const skipped = (channel: string) =>
  withDb(
    server.databasePath,
    (db) =>
      db.prepare("SELECT recipient, last_error FROM notifications WHERE channel = ? AND status = 'skipped'").all(channel) as {
        recipient: string;
        last_error: string;
      }[],
  );

test('one-click unsubscribe from an auto-reply stops the next e-mail; the page needs no script and no cookie', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await sendContact('nora@example.com');
  await expect.poll(() => mailsTo('nora@example.com').length, { timeout: 20_000 }).toBe(1);
  const reply = mailsTo('nora@example.com')[0]!;
  expect(reply.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const link = /^<(.+)>$/.exec(reply.headers['list-unsubscribe'] ?? '')?.[1];
  expect(link).toMatch(new RegExp(`^${server.url}/unsubscribe\\?t=[\\w-]+\\.[\\w-]+$`));
  expect(reply.text).toContain(link);
  // The broker's own alert carries none.
  expect(mailsTo('broker@example.com')[0]!.headers['list-unsubscribe']).toBeUndefined();

  // Opening the link (a mail scanner does) changes nothing.
  const opened = await fetch(link!);
  expect(opened.status).toBe(200);
  expect(await opened.text()).toContain('Stop our e-mails?');
  expect(consentEvents()).toEqual([]);

  // The mail app's Unsubscribe button: a POST of exactly the one-click form, no cookie, no Origin.
  const posted = await fetch(link!, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status).toBe(200);
  expect(consentEvents()).toEqual([
    { address: 'nora@example.com', channel: 'email', event: 'withdrawn', source: 'list-unsubscribe-post' },
  ]);

  // Her next form: the broker hears of it, she gets no auto-reply.
  await sendContact('Nora@Example.com');
  await expect.poll(() => mailsTo('broker@example.com').length, { timeout: 20_000 }).toBe(2);
  await expect
    .poll(() => skipped('email'), { timeout: 20_000 })
    .toEqual([
      {
        recipient: 'visitor',
        last_error: expect.stringMatching(
          /^Not sent: the recipient withdrew consent \(one-click unsubscribe, \d{4}-\d\d-\d\d\)$/,
        ),
      },
    ]);
  expect(mailsTo('nora@example.com')).toHaveLength(1);

  // The page, without JavaScript: it says so, and 'Subscribe again' posts a plain form.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByText('nora@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByText('You will get our e-mails again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Stop our e-mails?' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  await context.close();

  // A link altered for another address opens nothing.
  const forged = link!.replace(/t=\w/, (start) => (start.endsWith('A') ? 't=B' : 't=A'));
  const refused = await fetch(forged, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(refused.status).toBe(400);

  const viewer = await browser.newPage();
  await viewer.goto(link!);
  await expectNoAxeViolations(viewer);
  await viewer.close();
});

/** Twilio's X-Twilio-Signature: HMAC-SHA1 of the URL and the sorted parameters, base64. */
function sign(token: string, url: string, params: URLSearchParams): string {
  const data = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).reduce((text, [k, v]) => text + k + v, url);
  return createHmac('sha1', token).update(data).digest('base64');
}

async function postText(body: string, token: string) {
  const params = new URLSearchParams({
    MessageSid: 'SM1',
    AccountSid: 'AC0123',
    From: BROKER_PHONE,
    To: '+12085550199',
    Body: body,
  });
  return fetch(`${server.url}/api/twilio/sms`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': sign(token, `${server.url}/api/twilio/sms`, params),
    },
    body: params,
  });
}

test('a STOP text with a valid Twilio signature stops the next text to that number; a forged one changes nothing', async () => {
  test.setTimeout(120_000);
  const before = consentEvents().length;
  const textsTo = () => texts.filter((t) => t.get('To') === BROKER_PHONE).length;
  const sent = textsTo();

  // Forged (signed with another token): refused, nothing recorded, the next lead's text goes.
  const forged = await postText('STOP', 'not-the-auth-token');
  expect(forged.status).toBe(403);
  expect(consentEvents()).toHaveLength(before);
  await sendContact('first@example.com');
  await expect.poll(textsTo, { timeout: 20_000 }).toBe(sent + 1);

  // Signed by Twilio: recorded, answered with empty TwiML (Twilio sends its own confirmation).
  const stop = await postText('Stop', AUTH_TOKEN);
  expect(stop.status).toBe(200);
  expect(stop.headers.get('content-type')).toMatch(/^text\/xml/);
  expect(await stop.text()).toContain('<Response/>');
  expect(consentEvents().at(-1)).toEqual({ address: BROKER_PHONE, channel: 'sms', event: 'withdrawn', source: 'sms-stop' });

  // The next lead's text is not sent.
  await sendContact('second@example.com');
  await expect
    .poll(() => skipped('sms'), { timeout: 20_000 })
    .toEqual([
      { recipient: 'broker', last_error: expect.stringMatching(/^Not sent: the recipient withdrew consent \(text reply STOP, /) },
    ]);
  expect(textsTo()).toBe(sent + 1);
});

test('the owner records Do not contact on a lead; the dialog shows the history, the activity log the record', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await sendContact('pat@example.com');
  const { id } = withDb(server.databasePath, (db) =>
    db.prepare("SELECT id FROM leads WHERE email = 'pat@example.com'").get(),
  ) as { id: string };
  await signInToDashboard(page, server.url, { path: `/admin/leads?lead=${id}` });
  const dialog = page.getByRole('dialog');
  const consent = dialog.getByTestId('lead-consent');
  await expect(consent.getByTestId('consent-now')).toHaveText('Now: e-mail allowed; texts allowed.');

  await consent.getByLabel('Channel').selectOption({ label: 'E-mail, texts and calls' });
  await consent.getByLabel('How they told us (optional)').fill('Called on Tuesday: please stop');
  await consent.getByRole('button', { name: 'Record Do not contact' }).click();
  await expect(dialog.getByTestId('lead-message')).toContainText('✅ Do Not Contact Recorded');
  const history = consent.getByRole('list', { name: 'Consent history' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('pat@example.com');
  await expect(history).toContainText('“Called on Tuesday: please stop”');
  await expect(consent.getByTestId('consent-now')).toHaveText(
    'Now: e-mail withdrawn: nothing is sent; texts withdrawn: nothing is sent.',
  );
  await expectNoAxeViolations(page);
  expect(
    withDb(server.databasePath, (db) =>
      db.prepare("SELECT target, detail FROM activity_log WHERE action = 'lead_do_not_contact'").all(),
    ),
  ).toEqual([{ target: id, detail: JSON.stringify({ channel: 'all' }) }]);
});

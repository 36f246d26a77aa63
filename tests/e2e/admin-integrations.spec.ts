import type { IncomingMessage } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { listen, type TestServer } from '../support/http-server';
import { withDb } from './admin-support';
import { expectNoAxeViolations, openSection, signInToDashboard } from './admin-ui';
import { expectToast } from './leads-support';
import { freePort, startServer, type RunningServer } from './server';

/**
 * Integrations in the browser (issue 18): the owner adds a webhook endpoint and copies its secret
 * (shown once); a lead then reaches a Twilio stand-in as a form post with Basic auth and the
 * endpoint as a signed request (verified with `standardwebhooks`); the endpoint's first answer is
 * a 500, and 'Resend' sends the same webhook-id again. Each delivery's attempts show in
 * Integrations and in the lead's delivery log.
 */

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let server: RunningServer;
let twilio: TestServer;
let hook: TestServer;
const texts: Received[] = [];
const hooks: Received[] = [];
/** The receiver's answers, in order; 200 once they run out. */
const hookStatuses = [500];

function recording(into: Received[], status: () => number) {
  return (req: IncomingMessage, res: import('node:http').ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      into.push({ headers: req.headers, body });
      res.writeHead(status(), { 'Content-Type': 'application/json' }).end('{}');
    });
  };
}

test.beforeAll(async () => {
  twilio = await listen(recording(texts, () => 201));
  hook = await listen(recording(hooks, () => hookStatuses.shift() ?? 200));
  const port = await freePort();
  server = await startServer({
    port,
    env: {
      SITE_URL: `http://127.0.0.1:${port}`,
      SPAM_MIN_FILL_SECONDS: '0',
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: 'twilio-token',
      TWILIO_FROM: '+12085550199',
      ALERT_SMS_TO: '+12085550100',
      TWILIO_API_URL: twilio.url,
      // The receiver is a local stand-in: a private address, allowed as for an intranet receiver.
      OUTBOUND_ALLOW_PRIVATE: '1',
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await twilio?.close();
  await hook?.close();
});

const endpointCard = (page: Page) => page.getByTestId('endpoint').filter({ hasText: 'CRM' });

async function submitLead(): Promise<void> {
  const response = await fetch(`${server.url}/api/leads/contact`, {
    method: 'POST',
    body: 'from_name=Eve+Builder&from_email=eve%40example.com&message=A+new+home',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
  });
  expect(response.status).toBe(200);
}

function verify(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as { type: string; data: Record<string, unknown> };
}

test('an endpoint added in Integrations gets signed leads, retried and resent with the same id; texts go to Twilio', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInToDashboard(page, server.url);
  await openSection(page, 'Integrations');
  await expect(page.getByTestId('sms-state')).toContainText('•••0100');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }

  // A bad address is refused with the reason, nothing added.
  const form = page.getByRole('form', { name: 'Add an endpoint' });
  await form.getByLabel('Endpoint URL').fill('http://crm.example/hook');
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  await expect(form.getByText('Enter an https:// address')).toBeVisible();
  await expect(form.getByLabel('Endpoint URL')).toBeFocused();
  // Lead data never crosses the internet in the clear: plain http:// only to a private address.
  await form.getByLabel('Endpoint URL').fill('http://93.184.215.14/hook');
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  await expect(form.getByText('plain http:// goes only to a private address, use https://')).toBeVisible();
  expect(withDb(server.databasePath, (db) => db.prepare('SELECT count(*) AS n FROM webhook_endpoints').get())).toEqual({ n: 0 });

  await form.getByLabel('Endpoint URL').fill(`${hook.url}/hook`);
  await form.getByLabel('Description (optional)').fill('CRM');
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  await expectToast(page, '✅ Endpoint Added');
  const secret = await page.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expect(page.getByRole('heading', { name: `Signing secret for ${hook.url}/hook` })).toBeFocused();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.getByRole('button', { name: 'Done' }).click();
  // Shown once: not in the page again, not in the database in the clear.
  await page.reload();
  await expect(endpointCard(page)).toContainText('lead.created, lead.updated');
  expect(await page.content()).not.toContain(secret.slice(6));
  const stored = withDb(
    server.databasePath,
    (db) => db.prepare('SELECT secret FROM webhook_endpoints').get() as { secret: string },
  );
  expect(stored.secret).not.toContain(secret.slice(6));

  // A lead: Twilio gets the text, the endpoint a signed lead.created it answers with a 500.
  await submitLead();
  await expect.poll(() => texts.length, { timeout: 20_000 }).toBe(1);
  const form2 = new URLSearchParams(texts[0]!.body);
  expect(texts[0]!.headers.authorization).toBe(`Basic ${Buffer.from('AC0123:twilio-token').toString('base64')}`);
  expect(form2.get('To')).toBe('+12085550100');
  expect(form2.get('Body')).toMatch(new RegExp(`^Contact Form: Eve Builder\\. ${server.url}/admin/leads\\?lead=[0-9a-f]{32}$`));
  await expect.poll(() => hooks.length, { timeout: 20_000 }).toBe(1);
  const created = verify(secret, hooks[0]!);
  expect(created).toMatchObject({
    type: 'lead.created',
    data: { kind: 'contact', name: 'Eve Builder', email: 'eve@example.com' },
  });

  await page.reload();
  const delivery = endpointCard(page).getByTestId('delivery');
  await expect(delivery).toContainText('Failing');
  await expect(delivery).toContainText('Webhook answered 500 Internal Server Error');
  // 'Resend' now (the outbox's own retry would come 30 s after the failure): the same id again.
  await delivery.getByRole('button', { name: /^Resend lead\.created/ }).click();
  await expectToast(page, '📨 Resending');
  await expect.poll(() => hooks.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  for (const request of hooks) {
    expect(request.headers['webhook-id']).toBe(hooks[0]!.headers['webhook-id']);
    expect(verify(secret, request).type).toBe('lead.created');
  }
  await expect(async () => {
    await page.reload();
    await expect(delivery).toContainText('Sent', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(delivery).toContainText('via webhook: delivered');
  await expect(delivery).toContainText('via webhook: Webhook answered 500');

  // The text's link opens the lead; its delivery log has the broker's text and the webhook, each
  // with its attempts. Closed, the address is the list's own again.
  await page.goto(form2.get('Body')!.split(' ').pop()!);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Eve Builder' })).toBeVisible();
  const log = page.getByRole('dialog').getByRole('region', { name: 'Delivery log' });
  await expect(log.getByTestId('delivery').filter({ hasText: 'Text message to Broker' })).toContainText('via twilio: delivered');
  const webhook = log.getByTestId('delivery').filter({ hasText: `Webhook: CRM (${new URL(hook.url).host}) · lead.created` });
  await expect(webhook).toContainText('via webhook: Webhook answered 500');
  await expect(webhook).toContainText('via webhook: delivered');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${server.url}/admin/leads`);

  // Turned off, then deleted (a confirmation first): gone from the page, its deliveries kept.
  await openSection(page, 'Integrations');
  await endpointCard(page).getByRole('button', { name: 'Turn off CRM' }).click();
  await expectToast(page, '⏸️ Endpoint Off');
  await expect(endpointCard(page).getByRole('button', { name: 'Turn on CRM' })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await endpointCard(page).getByRole('button', { name: 'Delete CRM' }).click();
  await expectToast(page, '🗑️ Endpoint Deleted');
  await expect(endpointCard(page)).toHaveCount(0);
  const logged = withDb(server.databasePath, (db) =>
    db.prepare("SELECT action FROM activity_log WHERE action LIKE 'webhook_%' ORDER BY at").all(),
  ) as { action: string }[];
  expect(logged.map((r) => r.action)).toEqual(['webhook_created', 'webhook_resent', 'webhook_disabled', 'webhook_deleted']);
});

import { expect, test, type Page } from '@playwright/test';
import {
  CHECKOUT_URL,
  WEBHOOK_SECRET,
  checkoutEvent,
  signature,
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe';
import { withDb } from './admin-support';
import { openSection, signInToDashboard } from './admin-ui';
import { sameOriginAxe } from './axe';
import { startServer, type RunningServer } from './server';

/**
 * Stripe Checkout in the browser against the production server: without configuration (the
 * spec's toast) and with STRIPE_API_URL pointing at a local stand-in for the Stripe API.
 */

async function expectNoAxeViolations(page: Page) {
  const { violations } = await sameOriginAxe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test.describe('payments not configured', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the plan buttons show the spec's 'Feature not implemented' toast", async ({ page }) => {
    await page.goto(server.url + '/#pricing');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('link', { name: 'Choose Jumbo' })).toHaveCount(0);
    await pricing.getByRole('button', { name: 'Choose Jumbo' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Feature not implemented' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("This feature isn't implemented yet.");
  });

  test('an invalid priceId is explained, with a way back to the plans', async ({ page }) => {
    for (const query of ['?priceId=gold', '']) {
      await page.goto(`${server.url}/payment${query}`);
      const alert = page.getByRole('alert').filter({ hasText: 'Invalid or missing Price ID.' });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('link', { name: 'Back to the plans' })).toHaveAttribute('href', '/#pricing');
    }
    await expect.poll(() => server.output()).toContain('Invalid or missing Price ID.');
    await expectNoAxeViolations(page);
  });

  test('the success page thanks the visitor and grants nothing', async ({ page }) => {
    await page.goto(`${server.url}/payment-success?session_id=cs_test_forged`);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByText(/confirmation e-mail/)).toBeVisible();
    await expect(page.getByText('We will be in touch shortly with the next steps.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
  });
});

test.describe('payments configured', () => {
  let server: RunningServer;
  let stripe: StripeStandIn;
  test.beforeAll(async () => {
    stripe = await startStripeStandIn();
    server = await startServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await stripe?.stop();
  });
  test.beforeEach(() => {
    stripe.requests.length = 0;
    stripe.fail = null;
  });

  test('a plan button leads to /payment, which sends the visitor to the Checkout Session URL', async ({ page }) => {
    await page.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Checkout</title><h1>checkout</h1>' }),
    );
    await page.goto(server.url + '/#pricing');
    const link = page.locator('#pricing').getByRole('link', { name: 'Choose Jumbo' });
    await expect(link).toHaveAttribute('href', '/payment?priceId=jumbo');
    await link.click();
    await expect(page).toHaveURL(CHECKOUT_URL);

    expect(stripe.requests).toHaveLength(1);
    const body = Object.fromEntries(stripe.requests[0]!.body);
    expect(body).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '99500',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[plan]': 'jumbo',
    });
    expect(body.success_url).toMatch(/\/payment-success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(body.cancel_url).toMatch(/^http:\/\/localhost:\d+\/rates$/);

    // The spinner is the page's static shell, sent while the server creates the session.
    const response = await fetch(`${server.url}/payment?priceId=standard`, { redirect: 'manual' });
    const html = await response.text();
    expect(html).toContain('Redirecting to Secure Checkout');
    expect(html).toContain(CHECKOUT_URL);
  });

  test("a provider error sends the visitor to /rates, which shows the provider's message", async ({ page }) => {
    stripe.fail = 'Your account cannot currently make live charges.';
    await page.goto(`${server.url}/payment?priceId=standard`);
    await expect(page).toHaveURL(/\/rates\?payment_error=/);
    const alert = page.getByRole('alert').filter({ hasText: 'Your account cannot currently make live charges.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('We could not start the secure checkout.');
  });

  test('the webhook records a signed event once and refuses bad signatures; the admin lists it', async ({ page }) => {
    const endpoint = `${server.url}/api/stripe/webhook`;
    const payload = checkoutEvent({ id: 'evt_e2e_1', sessionId: 'cs_e2e_1', email: 'payer@example.com' });
    const post = (sig: string | null) =>
      fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(sig ? { 'Stripe-Signature': sig } : {}) },
        body: payload,
      });
    expect((await post(signature(payload, 'whsec_wrong'))).status).toBe(400);
    expect((await post(null)).status).toBe(400);
    const first = await post(signature(payload));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, result: 'recorded' });
    const again = await post(signature(payload));
    expect(await again.json()).toEqual({ received: true, result: 'duplicate' });

    await signInToDashboard(page, server.url);
    await openSection(page, 'Payments');
    const rows = page.getByRole('region', { name: 'Payments' }).getByRole('row').filter({ hasText: 'payer@example.com' });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText('$495.00');
    await expect(rows).toContainText('paid');
    await expect(rows).toContainText('cs_e2e_1');
    // Its notice to the broker waits in the outbox: this server has no mail transport.
    await expect(rows).toContainText('E-mail: Waiting');
    await expectNoAxeViolations(page);

    // A notice that failed for good is named on every admin page, pointing to this one.
    withDb(server.databasePath, (db) =>
      db
        .prepare("UPDATE notifications SET status = 'failed', last_error = '550 no such mailbox' WHERE subject_type = 'payment'")
        .run(),
    );
    await page.reload();
    const banner = page.getByTestId('notification-banner');
    await expect(banner).toContainText('Payment notices are failing (1 failed for good). Open the Payments tab to see which.');
    await expect(banner).not.toContainText('Lead e-mail notifications are failing');
  });
});

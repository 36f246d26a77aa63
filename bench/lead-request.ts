import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/chromium';

/**
 * The lead submission the load test replays: the very request Chromium sends when a visitor fills
 * in the contact form on /contact and presses Send. With JavaScript the form posts its values to
 * the lead endpoint (lib/leads/endpoint.ts: a URL-encoded POST to /api/leads/contact). Capturing
 * it from a real browser (rather than rebuilding it) keeps the replay faithful to whatever the
 * form sends, even should it go back to calling a Server Action.
 */

export interface CapturedRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers the load generator sets itself, or that would tie every replay to one connection. */
const DROPPED = new Set(['host', 'content-length', 'connection', 'cookie', 'accept-encoding']);

export async function captureLeadRequest(baseUrl: string, path = '/contact'): Promise<CapturedRequest> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    const form = page.locator('main form').first();
    // Every field a visitor would fill in; the hidden honeypot stays empty.
    for (const input of await form.locator('input:visible, textarea:visible').all()) {
      // The honeypot is "visible" to Playwright (1 px, off-screen) but hidden from people.
      if (await input.evaluate((element) => element.closest('[aria-hidden="true"]') !== null)) continue;
      const type = (await input.getAttribute('type')) ?? 'text';
      if (type === 'checkbox') await input.check();
      else if (type === 'email') await input.fill('load.test@example.com');
      else if (type === 'tel') await input.fill('555-555-0100');
      else if (type === 'number') await input.fill('250000');
      else if (type !== 'radio' && type !== 'hidden' && type !== 'submit') await input.fill('Load Test');
    }
    for (const select of await form.locator('select:visible').all()) {
      await select.selectOption({ index: (await select.locator('option').count()) - 1 });
    }
    const requestPromise = page.waitForRequest((request) => request.method() === 'POST');
    const responsePromise = page.waitForResponse((response) => response.request().method() === 'POST');
    await form.locator('button[type="submit"]').click();
    const request = await requestPromise;
    const response = await responsePromise;
    if (response.status() !== 200) throw new Error(`the captured lead submission answered ${response.status()}`);
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(([name]) => !DROPPED.has(name) && !name.startsWith(':')),
    );
    const body = request.postDataBuffer();
    if (!body) throw new Error('the lead submission had no body');
    return { path: new URL(request.url()).pathname, method: 'POST', headers, body };
  } finally {
    await browser.close();
  }
}

/** Sends the captured request once and checks that the server answered a stored lead. */
export async function replayOnce(baseUrl: string, captured: CapturedRequest): Promise<void> {
  const response = await fetch(new URL(captured.path, baseUrl), {
    method: captured.method,
    headers: captured.headers,
    body: new Uint8Array(captured.body),
  });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('"ok":true')) {
    throw new Error(`the replayed lead submission was not accepted (${response.status}): ${text.slice(0, 500)}`);
  }
}

import { createServer, request as httpRequest, type Server } from 'node:http';
import { expect, test, type BrowserContext } from '@playwright/test';
import { COLLECTOR_PREFIX } from '../../lib/vitals/paths';
import { signInToDashboard } from './admin-ui';
import { bootPage } from './boot';
import { startServer, type RunningServer } from './server';

/**
 * The Content Security Policy of public pages (docs/security.md, ADR 027): no inline
 * script runs unless the server found it in the page it sent and allowed it by its hash (or, on a
 * page rendered for this request, by the request's nonce). Every public page passes the checks of
 * MDN's HTTP Observatory, still works with JavaScript without a single CSP violation, and a script
 * that reaches a page any other way does not run.
 */

const PUBLIC_PAGES = [
  '/',
  '/rates',
  '/blog',
  '/blog/understanding-construction-loans',
  '/apply',
  '/apply?resume=no-such-token',
  '/apply?loanType=construction',
  '/contact',
  '/ebook',
  '/privacy',
  '/licenses',
  '/calculators',
  '/calculators/construction-interest?amount=400000&rate=7.5&months=12&draw=even',
  '/calculators/construction-to-permanent',
  '/calculators/maximum-loan',
  '/calculators/debt-to-income',
  '/payment',
  '/payment-success',
  '/no-such-page',
  '/blog/no-such-post',
];

/** A policy's directives: name → sources (lower-case names, sources as written). */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/**
 * The checks of the HTTP Observatory's CSP test, by hand: what it fails (unsafe-inline or
 * unsafe-eval in script-src, a scheme or wildcard that lets any script in, no object-src 'none')
 * and what it expects a strict policy to restrict (base-uri, frame-ancestors, form-action).
 */
function observatoryProblems(policy: string | null): string[] {
  if (!policy) return ['no Content-Security-Policy'];
  const csp = directives(policy);
  const problems: string[] = [];
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  if (scripts.length === 0) problems.push('no script-src or default-src');
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:', 'data:', 'blob:'])
    if (scripts.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
  const objects = csp.get('object-src') ?? csp.get('default-src') ?? [];
  if (objects.join(' ') !== "'none'") problems.push(`object-src is ${objects.join(' ') || 'missing'}, not 'none'`);
  for (const [name, allowed] of [
    ['base-uri', ["'none'", "'self'"]],
    ['frame-ancestors', ["'none'", "'self'"]],
  ] as const) {
    const sources = csp.get(name);
    if (!sources || sources.length === 0 || !sources.every((source) => (allowed as readonly string[]).includes(source)))
      problems.push(`${name} is ${sources?.join(' ') ?? 'missing'}`);
  }
  const forms = csp.get('form-action');
  if (!forms || forms.some((source) => ['*', 'http:', 'https:'].includes(source)))
    problems.push(`form-action is ${forms?.join(' ') ?? 'missing'}`);
  // Beyond the Observatory: no inline <style> element either (style attributes are the one exception).
  const styles = csp.get('style-src') ?? csp.get('default-src') ?? [];
  if (styles.includes("'unsafe-inline'")) problems.push("style-src allows 'unsafe-inline'");
  return problems;
}

/** Records every CSP violation in the public pages of the context, and the console's reports of them. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      // The admin has a policy of its own (a nonce per request, proxy.ts): not what this spec is about.
      if (/^\/(admin|login)\b/.test(location.pathname)) return;
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
      void report(`${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI} (${event.sample})`);
    });
  });
  context.on('console', (message) => {
    const path = new URL(message.page()?.url() ?? 'about:blank').pathname;
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()) && !/^\/(admin|login)\b/.test(path))
      seen.push(`${path}: ${message.text()}`);
  });
  return seen;
}

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

test('every public page sends a policy that passes the HTTP Observatory checks', async () => {
  for (const path of PUBLIC_PAGES) {
    // Twice: the second answer may come from the micro-cache, which must replay the same policy.
    for (let round = 0; round < 2; round++) {
      const response = await fetch(server.url + path, { headers: { 'Accept-Encoding': 'gzip' } });
      expect([200, 404], path).toContain(response.status);
      expect(observatoryProblems(response.headers.get('content-security-policy')), `${path} (round ${round + 1})`).toEqual([]);
    }
  }
});

test('every public page works with JavaScript and reports no CSP violation, also when revalidated', async ({ context, page }) => {
  test.setTimeout(240_000);
  const violations = await watchViolations(context);
  const collector = page.waitForRequest((request) => request.url().includes(COLLECTOR_PREFIX));
  for (const path of PUBLIC_PAGES) {
    await page.goto(server.url + path);
    // The boot script (or Next's own scripts) ran and React hydrated the page.
    await bootPage(page);
    expect(violations, path).toEqual([]);
  }
  // The field-data collector's loader ran too.
  await collector;
  // A reload revalidates the page: the 304 keeps the policy the browser stored with it. (A cookie
  // of no meaning to the site keeps the micro-cache, which replays whole pages, out of the way.)
  await context.addCookies([{ name: 'not_anonymous', value: '1', url: server.url }]);
  for (const path of ['/', '/rates', '/blog']) {
    const first = await page.goto(server.url + path);
    const reloaded = await page.reload();
    // The browser asked for the copy it holds (the server answers 304; Playwright shows the stored 200).
    expect((await reloaded!.request().allHeaders())['if-none-match'], path).toBe(first!.headers().etag);
    await bootPage(page);
  }
  await context.clearCookies();
  // A calculator recomputes as the visitor types; the contact dialog opens from the first tap.
  await page.goto(`${server.url}/calculators/construction-interest?amount=400000&rate=7.5&months=12&draw=even`);
  await page.getByLabel('Construction loan amount ($)').fill('200000');
  await expect(page.getByTestId('total-interest')).toHaveText('$8,125.00');
  await page.goto(server.url + '/');
  await page.getByRole('banner').getByRole('button', { name: 'Contact' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(violations).toEqual([]);
  // Nor did the server find inline code of unknown shape in any of them.
  expect(server.output()).not.toContain('csp.inline_refused');
});

test('the signed-in owner edits the public site inline without a CSP violation', async ({ context, page }) => {
  const violations = await watchViolations(context);
  await signInToDashboard(page, server.url);
  await page.goto(server.url + '/');
  await page.getByRole('button', { name: 'Enter Edit Mode' }).click();
  await expect(page.getByRole('button', { name: 'Exit Edit Mode' })).toHaveAttribute('aria-pressed', 'true');
  // The edit mode's own style sheet applies: the marked texts get their dashed outline.
  await expect(page.locator('[data-edit-path="hero.subtitle"]')).toHaveCSS('outline-style', 'dashed');
  await page.goto(server.url + '/rates');
  await expect(page.getByRole('button', { name: 'Exit Edit Mode' })).toBeVisible();
  // A calculator with a query, signed in (no micro-cache): the server fills the page for the query.
  await page.goto(server.url + '/calculators/construction-to-permanent?amount=500000&rate=7&years=30');
  await expect(page.getByLabel('Loan amount ($)')).toHaveValue('500000');
  await expect(page.getByTestId('payment')).toHaveText('$3,326.51');
  await expect(page.getByRole('button', { name: 'Exit Edit Mode' })).toBeVisible();
  expect(violations).toEqual([]);
});

/**
 * A proxy in front of the server that adds a script and an inline handler to every HTML page it
 * passes on, as a stored-content flaw, a compromised CDN or a bad proxy would.
 */
async function injectingProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const INJECTED =
    '<script>window.__pwned=(window.__pwned||0)+1</script><img src="/no-such-image.png" alt="" onerror="window.__pwned=(window.__pwned||0)+10">';
  const proxy: Server = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        const html = String(answer.headers['content-type'] ?? '').startsWith('text/html');
        if (!html) {
          res.writeHead(answer.statusCode!, answer.headers);
          return void answer.pipe(res);
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const page = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<body([^>]*)>/, `<body$1>${INJECTED}`);
          const { 'content-length': _length, etag: _etag, ...rest } = answer.headers;
          res.writeHead(answer.statusCode!, { ...rest, 'content-length': Buffer.byteLength(page) }).end(page);
        });
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((resolve) => proxy.close(() => resolve())) };
}

test('a script added to a page on its way to the browser does not run; the page still does', async ({ context, page }) => {
  const violations = await watchViolations(context);
  const proxy = await injectingProxy(server.url);
  try {
    for (const path of ['/', '/blog/understanding-construction-loans', '/payment', '/calculators/maximum-loan']) {
      violations.length = 0;
      await page.goto(proxy.url + path);
      await expect(page.locator('img[src="/no-such-image.png"]')).toHaveCount(1);
      await bootPage(page);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), path).toBeUndefined();
      // Both were stopped by the policy, not by chance: the script and the handler are reported.
      await expect
        .poll(() => violations.filter((text) => /inline/.test(text)).length, { message: path })
        .toBeGreaterThanOrEqual(2);
    }
  } finally {
    await proxy.close();
  }
});

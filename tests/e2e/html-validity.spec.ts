import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CALCULATORS } from '../../lib/calculators/registry';
import { ESTIMATE_STATUS_PARAM } from '../../lib/calculators/estimate-status';
import { htmlErrors } from '../support/html-check';
import { startServer, type RunningServer } from './server';

/**
 * Issue 29: every public page is valid HTML by the Nu HTML Checker (the W3C's validator), with no
 * error. What is checked is what a visitor receives: the production server's answer, after the
 * server's own rewrites of public pages (server/pipeline: the deferred boot, the CSP's nonces), not
 * React's render alone. No browser is needed: a plain fetch per page, then one run of the checker
 * over all of them (a JVM start costs seconds).
 */

let server: RunningServer;
let folder: string;
test.beforeAll(async () => {
  server = await startServer();
  folder = mkdtempSync(join(tmpdir(), 'clp-html-'));
});
test.afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Public pages the sitemap does not list (not meant for search engines), with their status. */
const UNLISTED = [
  { path: '/no-such-page', status: 404 },
  { path: '/blog/no-such-post', status: 404 },
  // /apply opened by a link: the prefilled form, and a saved-application link that has expired.
  { path: '/apply?loanAmount=250000&borrowerName=Ada', status: 200 },
  { path: '/apply?resume=no-such-draft', status: 200 },
  // An invalid plan (the payment page's message; a valid one redirects to Stripe).
  { path: '/payment?priceId=no-such-plan', status: 200 },
  { path: '/payment-success', status: 200 },
  { path: `/calculators?${ESTIMATE_STATUS_PARAM}=invalid`, status: 200 },
  // Open to anyone too: the sign-in page (the footer's Admin link) and an invitation link.
  { path: '/login', status: 200 },
  { path: '/invite/no-such-invitation', status: 200 },
  // Each calculator as 'Calculate' and 'Email me this estimate' leave it without JavaScript: a
  // field in error, and the estimate's outcome.
  ...Object.values(CALCULATORS).map((calculator) => ({
    path: `${calculator.path}?${calculator.inputs[0]!.name}=not-a-number&${ESTIMATE_STATUS_PARAM}=failed`,
    status: 200,
  })),
];

/** A document with two known errors, checked in the same run: proof that the checker reports. */
const CONTROL = '<!doctype html><html lang="en"><title>x</title><div aria-label="unlabelled div"></div><p><div></div></p>';

test('every public page is valid HTML (Nu HTML Checker, no error)', async () => {
  test.setTimeout(120_000);
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(listed, 'the sitemap lists the home page, the blog posts and the calculators').toEqual(
    expect.arrayContaining(['/', '/blog/understanding-construction-loans', '/calculators/construction-interest']),
  );
  const pages = [...listed.map((path) => ({ path, status: 200 })), ...UNLISTED];

  // One file per page, named by its place in the list: the checker's report names the file.
  const pathOf = new Map<string, string>();
  for (const [index, { path, status }] of pages.entries()) {
    const response = await fetch(server.url + path);
    expect(response.status, path).toBe(status);
    expect(response.headers.get('content-type'), path).toContain('text/html');
    const name = `${String(index).padStart(2, '0')}.html`;
    writeFileSync(join(folder, name), await response.text());
    pathOf.set(name, path);
  }
  writeFileSync(join(folder, 'control.html'), CONTROL);

  const errors = htmlErrors([...pathOf.keys(), 'control.html'].map((name) => join(folder, name)));
  const fileOf = (url: string) => basename(new URL(url).pathname);
  expect(errors.filter((error) => fileOf(error.url) === 'control.html').length, 'errors in the control document').toBe(2);
  const found = errors
    .filter((error) => fileOf(error.url) !== 'control.html')
    .map(
      (error) =>
        `${pathOf.get(fileOf(error.url)) ?? error.url}, line ${String(error.line)}: ${error.message}\n    ${error.extract ?? ''}`,
    );
  expect(found, found.join('\n')).toEqual([]);
});

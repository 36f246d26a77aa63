import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiSignIn, OWNER_PASSWORD } from './admin-support';
import { sameOriginAxe } from './axe';

/** Helpers for the dashboard's browser tests (content, rates, blog). */

export const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).locator('li');

/**
 * Signs the owner in as the login form does (the same POST /api/auth/login, sent from the page's
 * own context: its cookies and user agent), then opens the dashboard at `path` (the Overview,
 * /admin, unless told). The form itself is tested in admin-auth.spec.ts; for every other spec
 * signing in is a step, and driving the form in the browser cost each of them about 3 s of a
 * 2-core machine (issue 29).
 *
 * Given `session` (from ownerSession), the page's context takes that session instead of signing
 * in again: a sign-in is a deliberately slow scrypt (seconds on a busy machine), so a spec whose
 * tests all need the owner signs in once.
 */
export async function signInToDashboard(
  page: Page,
  url: string,
  { path = '/admin', session }: { path?: string; session?: OwnerSession } = {},
): Promise<void> {
  if (session) await page.context().addCookies([{ ...session, url }]);
  else {
    const response = await page.request.post(`${url}/api/auth/login`, {
      headers: { Origin: url, Accept: 'application/json' },
      multipart: { password: OWNER_PASSWORD },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  await page.goto(`${url}${path}`);
  // includeHidden: a path that opens a dialog at load (a lead's, `?lead=`) makes the rest of the
  // page inert, which hides the heading from the accessibility tree once the dialog is open.
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', includeHidden: true })).toBeVisible();
}

export interface OwnerSession {
  name: string;
  value: string;
}

/** The owner's session cookie, signed in through the login route once (for signInToDashboard). */
export async function ownerSession(url: string): Promise<OwnerSession> {
  const { response, cookie } = await apiSignIn(url, OWNER_PASSWORD);
  expect(response.status).toBe(200);
  const split = cookie.indexOf('=');
  return { name: cookie.slice(0, split), value: cookie.slice(split + 1) };
}

/** Signs in through the form on /login, in the browser; the dashboard opens on the Overview (/admin). */
export async function signInWithForm(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Password', { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signing in is slow by design (scrypt with N = 2^17, about 0.4 s of a core) and is followed by
  // the first render of an admin page on a new server: on a busy shared machine that took more
  // than the default 5 s in 2 of 70 runs. Not a race: nothing else can move the page on.
  await expect(page).toHaveURL(`${url}/admin`, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

export type Section =
  | 'Overview'
  | 'Site Content'
  | 'Rates'
  | 'Blog'
  | 'Licenses'
  | 'Ad archive'
  | 'Leads'
  | 'Loan Files'
  | 'Payments'
  | 'Site Speed'
  | 'Integrations'
  | 'Settings'
  | 'Security'
  | 'My Account';

export const sectionLink = (page: Page, name: Section) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true });

/** Opens a dashboard section through its link in the navigation. */
export async function openSection(page: Page, name: Section): Promise<void> {
  await sectionLink(page, name).click();
  await expect(sectionLink(page, name)).toHaveAttribute('aria-current', 'page');
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Next streams a page's <title> and puts it back after a Server Action refreshes the page: axe
  // run in between finds none (document-title), so the check waits for it first.
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await sameOriginAxe(page).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A public page as a fresh anonymous visitor gets it (no cookie, no browser cache). */
export async function anonymousHtml(url: string, path = '/'): Promise<string> {
  const response = await fetch(`${url}${path}`);
  expect(response.status).toBe(200);
  // React separates adjacent text with <!-- --> markers; drop them so assertions read like the page.
  return (await response.text()).replaceAll('<!-- -->', '');
}

export const jpegWithExif = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret Owner', Artist: 'Jane Doe' } } })
    .toBuffer();

export const pngImage = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 50, b: 50, alpha: 1 } } })
    .png()
    .toBuffer();

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TEST_OWNER_PASSWORD } from '../support/production-server';
import { root } from './server';

/** The owner's password on a test server (its ADMIN_PASSWORD). */
export const OWNER_PASSWORD = TEST_OWNER_PASSWORD;

/** The built-in default, in effect on a server started with FIRST_START (no ADMIN_PASSWORD). */
export const DEFAULT_PASSWORD = 'loanpros-admin';
export const FIRST_START = { ADMIN_PASSWORD: '' };

/** Markers that appear only in the signed-in dashboard's own output (its Security section). */
export const ADMIN_MARKERS = ['Change Admin Password', 'Sign out everywhere else', 'currentSessionId'];

/** Every section of the dashboard, each a page that must check the session itself. */
export const ADMIN_SECTION_PATHS = [
  '/admin',
  '/admin/content',
  '/admin/rates',
  '/admin/blog',
  '/admin/licenses',
  '/admin/archive',
  '/admin/leads',
  '/admin/payments',
  '/admin/vitals',
  '/admin/integrations',
  '/admin/settings',
  '/admin/security',
];

export function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

/** Signs in through the route handler as a script would; returns the status and the cookie pair. */
export async function apiSignIn(url: string, password: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: url, Accept: 'application/json', ...headers },
    body: form({ password }),
  });
  const setCookie = response.headers.getSetCookie()[0] ?? '';
  return { response, setCookie, cookie: setCookie.split(';')[0] ?? '' };
}

/** GET with a cookie (by default of the Security section), never following redirects; reports whether dashboard content came back. */
export async function fetchAdmin(url: string, cookie: string, init: { path?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${url}${init.path ?? '/admin/security'}`, {
    headers: { Cookie: cookie, ...init.headers },
    redirect: 'manual',
  });
  const body = await response.text();
  return { response, body, isAdmin: ADMIN_MARKERS.some((m) => body.includes(m)) };
}

/**
 * The hidden fields React renders into the form of an admin page that posts to the Server Action
 * `actionName` (its `$ACTION_...` fields): what a browser without JavaScript posts back with the
 * visible ones. They name the build's action, not the session, so a page read with one session
 * (or on one server of the same build) serves for another.
 */
export async function hiddenActionFields(url: string, path: string, cookie: string, actionName: string) {
  const html = await (await fetch(`${url}${path}`, { headers: { Cookie: cookie } })).text();
  const id = actionId(actionName);
  const form = html.split('<form').find((part) => part.slice(0, part.indexOf('</form>')).includes(id));
  if (!form) throw new Error(`no form for ${actionName} on ${path}`);
  const fields: Record<string, string> = {};
  for (const [, attributes] of form.slice(0, form.indexOf('</form>')).matchAll(/<input([^>]*)>/g)) {
    if (!attributes!.includes('type="hidden"')) continue;
    const name = /name="([^"]*)"/.exec(attributes!)?.[1] ?? '';
    fields[decodeEntities(name)] = decodeEntities(/value="([^"]*)"/.exec(attributes!)?.[1] ?? '');
  }
  return fields;
}

const decodeEntities = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** A form post as a browser sends it without JavaScript; answers the status and the page that came back. */
export async function postForm(url: string, path: string, cookie: string, fields: Record<string, string>) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Origin: url, Cookie: cookie },
    body: form(fields),
    redirect: 'manual',
  });
  return { status: response.status, body: await response.text() };
}

export function withDb<T>(databasePath: string, run: (db: Database.Database) => T): T {
  const db = new Database(databasePath);
  try {
    db.pragma('busy_timeout = 5000');
    return run(db);
  } finally {
    db.close();
  }
}

/** The id Next gave a Server Action, read from the build's manifest. */
export function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(join(root, '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName: string }>;
  };
  const id = Object.entries(manifest.node).find(([, v]) => v.exportedName === name)?.[0];
  if (!id) throw new Error(`no Server Action ${name} in the build`);
  return id;
}

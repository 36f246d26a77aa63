import { httpFrom } from '../support/http-from';
import { expect, test } from '@playwright/test';
import {
  ADMIN_SECTION_PATHS,
  apiSignIn,
  DEFAULT_PASSWORD,
  fetchAdmin,
  FIRST_START,
  form,
  hiddenActionFields,
  OWNER_PASSWORD,
  postForm,
  withDb,
} from './admin-support';
import { callServerAction, serverActions } from './server-actions';
import { startServer, type RunningServer } from './server';
import { databaseState } from './team-support';

/** The visitors' lead forms: Server Actions that need no session. */
/** The visitors' forms: the four lead forms and 'Save and finish later' posted without JavaScript. */
const PUBLIC_FORM_ACTIONS = [
  ...['application', 'contact', 'ebook', 'qualification'].map((form) => `lib/leads/actions/${form}.ts`),
  'lib/drafts/actions/save.ts',
];

/** Tests against the running server with plain HTTP requests (no browser). */

let server: RunningServer;
/**
 * A second instance on the same database, as the site under https://loans.example.com (SITE_URL):
 * for the https cookies and headers, and to show that the sign-in limit lives in the database.
 */
let https: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
  https = await startServer({ databasePath: server.databasePath, env: { SITE_URL: 'https://loans.example.com' } });
});
test.afterAll(async () => {
  await https?.stop();
  await server?.stop();
});

/** A sign-in sent from `localAddress` (tests/support/http-from.ts). */
function signInFrom(localAddress: string, url: string, password: string) {
  const headers = { Origin: url, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
  return httpFrom(localAddress, `${url}/api/auth/login`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ password }).toString(),
  });
}

test('the session cookie is HttpOnly and SameSite=Lax, and a planted token is never accepted', async () => {
  const planted = 'clp_admin=planted-by-an-attacker';
  const signedIn = await apiSignIn(server.url, OWNER_PASSWORD, { Cookie: planted });
  expect(signedIn.response.status).toBe(200);
  expect(signedIn.setCookie).toMatch(/^clp_admin=[\w-]{43};/);
  expect(signedIn.setCookie).toMatch(/HttpOnly/i);
  expect(signedIn.setCookie).toMatch(/SameSite=lax/i);
  expect(signedIn.setCookie).toMatch(/Path=\//);
  expect(signedIn.cookie).not.toBe(planted);
  // The device cookie (ADR 026): HttpOnly, SameSite=Strict, for half a year.
  const device = signedIn.response.headers.getSetCookie().find((c) => c.startsWith('clp_device_'));
  expect(device).toMatch(/^clp_device_[0-9a-f]{16}=[\w-]+\.[\w-]+\.\d+\.[0-9a-f]{64};/);
  expect(device).toMatch(/HttpOnly/i);
  expect(device).toMatch(/SameSite=strict/i);
  expect(device).toMatch(/Max-Age=15552000/);
  expect((await fetchAdmin(server.url, signedIn.cookie)).isAdmin).toBe(true);
  expect((await fetchAdmin(server.url, planted)).isAdmin).toBe(false);
  // Only a hash of the token is stored.
  const token = signedIn.cookie.split('=')[1]!;
  const rows = withDb(server.databasePath, (db) => db.prepare('SELECT * FROM admin_sessions').all());
  expect(JSON.stringify(rows)).not.toContain(token);
});

test('under https the cookie is Secure and __Host- prefixed, and HSTS is sent', async () => {
  const signedIn = await apiSignIn(https.url, OWNER_PASSWORD);
  expect(signedIn.setCookie).toMatch(/^__Host-clp_admin=/);
  expect(signedIn.setCookie).toMatch(/; Secure/i);
  expect(signedIn.setCookie).toMatch(/Path=\//);
  expect(signedIn.setCookie).not.toMatch(/Domain=/i);
  const device = signedIn.response.headers.getSetCookie().find((c) => c.includes('clp_device_'));
  expect(device).toMatch(/^__Host-clp_device_[0-9a-f]{16}=.*; Secure/i);
  const home = await fetch(https.url);
  expect(home.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
});

test('security headers on public and admin responses', async () => {
  const home = await fetch(server.url);
  expect(home.headers.get('strict-transport-security')).toBeNull(); // plain http here
  const login = await fetch(`${server.url}/login`);
  for (const response of [home, login]) {
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  }
  // A cached public page's policy names its scripts by hash, no nonce, and it stays cacheable (ADR 027);
  // admin pages get a fresh nonce and no-store.
  expect(home.headers.get('content-security-policy')).not.toContain('nonce-');
  expect(home.headers.get('cache-control')).not.toContain('no-store');
  const nonce = /'nonce-([^']+)'/.exec(login.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(await login.text()).toContain(`nonce="${nonce}"`);
  const again = await fetch(`${server.url}/login`);
  expect(again.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
  expect(login.headers.get('cache-control')).toContain('no-store');
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  const admin = await fetchAdmin(server.url, cookie);
  expect(admin.isAdmin).toBe(true);
  expect(admin.response.headers.get('cache-control')).toContain('no-store');
});

test('requests never get admin content without a session, whatever they claim', async () => {
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  const cookies = ['', 'clp_admin=made-up-token', `${cookie}x`];
  const variants: { path?: string; headers?: Record<string, string> }[] = [
    {},
    { headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' } },
    { headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' } },
    { headers: { RSC: '1' } },
    { path: '/admin?_rsc=abc', headers: { RSC: '1' } },
    { path: '/admin/security?_rsc=abc', headers: { RSC: '1' } },
    { path: '/admin/security.rsc' },
    { path: '/admin/security/index.rsc' },
    { path: '/admin/security?_rsc=1' },
    { path: '/admin.rsc' },
    { path: '/admin/index.rsc' },
  ];
  for (const c of cookies) {
    for (const variant of variants) {
      const result = await fetchAdmin(server.url, c, variant);
      expect(result.isAdmin, `${c} ${JSON.stringify(variant)}`).toBe(false);
    }
  }
  const plain = await fetchAdmin(server.url, '');
  expect(plain.response.status).toBe(307);
  expect(plain.response.headers.get('location')).toBe('/login');
});

test('every admin section checks the session itself: without one it redirects to /login and shows no data', async () => {
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  for (const path of ADMIN_SECTION_PATHS) {
    const signedIn = await fetchAdmin(server.url, cookie, { path });
    expect(signedIn.response.status, path).toBe(200);
    expect(signedIn.body, path).toContain('Admin Dashboard');
    // A cookie that looks like a session gets past proxy.ts's early redirect: the page's own check answers.
    for (const headers of [{}, { RSC: '1' }] as Record<string, string>[]) {
      const refused = await fetchAdmin(server.url, 'clp_admin=made-up-token', { path, headers });
      expect(refused.body, `${path} ${JSON.stringify(headers)}`).not.toMatch(
        /Leads Database|Save All Changes|Add New Rate|Blog Posts|Stripe|Change Admin Password/,
      );
      if ('RSC' in headers) continue;
      // The check runs after the response has started (connection()), so Next sends the redirect
      // inside the page (as it does for a signed-in /login) rather than as a 307.
      const location = refused.response.headers.get('location') ?? /NEXT_REDIRECT;\w+;([^;]+);/.exec(refused.body)?.[1];
      expect(location, path).toBe('/login');
    }
  }
});

test('admin Server Actions invoked without a session are refused and change nothing', async () => {
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  const before = withDb(server.databasePath, (db) => ({
    credentials: db.prepare('SELECT * FROM admin_users').all(),
    sessions: db.prepare('SELECT id FROM admin_sessions ORDER BY id').all(),
  }));
  expect(before.sessions.length).toBeGreaterThan(0);
  for (const name of ['changePasswordAction', 'signOutOtherSessionsAction']) {
    // Posted as the page's form is without JavaScript (its hidden fields read with a live session).
    const hidden = await hiddenActionFields(server.url, '/admin/security', cookie, name);
    for (const sessionCookie of ['clp_admin=made-up-token', '']) {
      const answer = await postForm(server.url, '/admin/security', sessionCookie, {
        ...hidden,
        currentPassword: OWNER_PASSWORD,
        newPassword: 'taken-over-password',
        confirmPassword: 'taken-over-password',
      });
      expect(answer.body, name).not.toContain('✅');
      // Refused by the session check, not by a crash (a post missing the form's fields answers 500).
      expect(answer.body, name).not.toContain('Internal Server Error');
    }
  }
  const after = withDb(server.databasePath, (db) => ({
    credentials: db.prepare('SELECT * FROM admin_users').all(),
    sessions: db.prepare('SELECT id FROM admin_sessions ORDER BY id').all(),
  }));
  expect(after).toEqual(before);
  expect((await fetchAdmin(server.url, cookie)).isAdmin).toBe(true);
});

test('a cross-origin POST to a route handler is refused', async () => {
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  for (const origin of ['https://evil.example', 'null', undefined]) {
    const headers: Record<string, string> = { Cookie: cookie };
    if (origin) headers.Origin = origin;
    const logout = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers, redirect: 'manual' });
    expect(logout.status).toBe(403);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers,
      body: form({ password: OWNER_PASSWORD }),
    });
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
  }
  expect((await fetchAdmin(server.url, cookie)).isAdmin).toBe(true);
});

test('failed sign-ins take about a second, and the 11th in a minute from one address gets 429', async () => {
  // From 127.0.0.2: the limit is the address's, and the other tests sign in from 127.0.0.1.
  const guesser = '127.0.0.2';
  const started = Date.now();
  expect((await signInFrom(guesser, server.url, 'wrong guess 0')).status).toBe(401);
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  // The other nine at once (each is counted before its password is checked, so parallel guesses count).
  const guesses = await Promise.all(Array.from({ length: 9 }, (_, i) => signInFrom(guesser, server.url, `wrong guess ${i + 1}`)));
  expect(guesses.map((guess) => guess.status)).toEqual(Array<number>(9).fill(401));

  const refused = await signInFrom(guesser, server.url, OWNER_PASSWORD);
  expect(refused.status).toBe(429);
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  const { error } = JSON.parse(refused.body) as { error: string };
  expect(error).toMatch(/Too many sign-in attempts\. Please try again in \d+ seconds?\./);
  expect(refused.setCookies).toEqual([]);

  // The limit lives in the database: another instance on it (as a restarted one) still refuses...
  expect((await signInFrom(guesser, https.url, OWNER_PASSWORD)).status).toBe(429);
  // ...that address only.
  expect((await apiSignIn(server.url, OWNER_PASSWORD)).response.status).toBe(200);
});

test('while the default password is in effect, its session opens no admin page, action or route but "Choose your password"', async () => {
  test.setTimeout(180_000);
  const first = await startServer({ env: FIRST_START });
  try {
    const signedIn = await apiSignIn(first.url, DEFAULT_PASSWORD);
    expect(signedIn.response.status).toBe(200);
    const { cookie } = signedIn;
    const before = databaseState(first.databasePath);

    // Pages: the server's own redirect (or, for a page outside the sections, the page's streamed one).
    for (const path of [...ADMIN_SECTION_PATHS, '/admin/account', '/admin/confirm?next=/admin/leads']) {
      for (const headers of [{}, { RSC: '1' }] as Record<string, string>[]) {
        const answer = await fetchAdmin(first.url, cookie, { path, headers });
        expect(answer.isAdmin, `${path} ${JSON.stringify(headers)}`).toBe(false);
        expect(answer.body, path).not.toMatch(/Leads Database|Save All Changes|Add New Rate|Blog Posts|Confirm it&#x27;s you/);
        if ('RSC' in headers) continue;
        const location = answer.response.headers.get('location') ?? /NEXT_REDIRECT;\w+;([^;]+);/.exec(answer.body)?.[1];
        expect(location, path).toBe('/admin/choose-password');
      }
    }

    // Every admin Server Action answers that the password must be chosen first, and does nothing.
    const admin = serverActions().filter(
      (a) =>
        /^lib\/[^/]+\/actions\//.test(a.filename) &&
        ![
          ...PUBLIC_FORM_ACTIONS,
          'lib/team/actions/accept-invite.ts',
          'lib/auth/actions/choose-password.ts',
          'lib/auth/actions/account.ts',
        ].includes(a.filename),
    );
    expect(admin.length).toBeGreaterThan(30);
    for (const action of admin) {
      // An action hosted only by a dynamic page (a loan file's forms) is posted to that page.
      const page = action.pages[0] ?? action.dynamicPages[0] ?? '/admin';
      const response = await callServerAction(first.url, action, [{}], { cookie, page });
      const body = await response.text();
      expect(response.status, `${action.filename} ${action.exportedName}`).toBe(200);
      expect(body, `${action.filename} ${action.exportedName}`).toContain('"code":"choose-password"');
    }
    // The password forms, posted as a browser without JavaScript posts them (their hidden fields
    // read from the same build's page on the other server).
    const { cookie: owner } = await apiSignIn(server.url, OWNER_PASSWORD);
    for (const name of ['changePasswordAction', 'signOutOtherSessionsAction']) {
      const hidden = await hiddenActionFields(server.url, '/admin/security', owner, name);
      const answer = await postForm(first.url, '/admin/security', cookie, {
        ...hidden,
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'taken-over-password',
        confirmPassword: 'taken-over-password',
      });
      expect(answer.body, name).not.toContain('✅');
      expect(answer.body, name).not.toContain('Internal Server Error');
    }

    // Routes refuse; edit mode is not offered.
    const get = (path: string) => fetch(`${first.url}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' });
    for (const path of ['/api/admin/content', '/api/admin/leads/export', '/api/admin/activity/export'])
      expect((await get(path)).status, path).toBe(403);
    const upload = new FormData();
    upload.set('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'x.png');
    const media = await fetch(`${first.url}/api/admin/media`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: first.url },
      body: upload,
    });
    expect(media.status).toBe(403);
    expect(await (await get('/api/admin/edit-session')).json()).toEqual({ signedIn: false });

    expect(databaseState(first.databasePath)).toEqual(before);
  } finally {
    await first.stop();
  }
});

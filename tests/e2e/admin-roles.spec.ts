import { expect, test } from '@playwright/test';
import { OWNER_PASSWORD, withDb } from './admin-support';
import { fullApplication, postPageForm } from './leads-support';
import { callServerAction, serverActionsOf, type ServerActionRef } from './server-actions';
import { startServer, type RunningServer } from './server';
import { addAccount, databaseState, signInAs } from './team-support';

/**
 * Roles over HTTP (issue 17): with the sessions' own cookies, every page, route and Server Action
 * of what a role does not include is refused, and the refused requests change nothing. No clicks:
 * the requests a browser or a script would send.
 */

type Who = 'owner' | 'editor' | 'officer';

let server: RunningServer;
const cookies = {} as Record<Who, string>;
let ids: { rate: string; rates: string[]; post: string; lead: string; editor: string; officer: string };

test.beforeAll(async () => {
  server = await startServer({ env: { SPAM_MIN_FILL_SECONDS: '0' } });
  cookies.owner = await signInAs(server.url, '', OWNER_PASSWORD);
  await addAccount(server.databasePath, { id: 'editor0000000000000000000000000a', email: 'erin@example.com', role: 'editor' });
  await addAccount(server.databasePath, {
    id: 'officer000000000000000000000000b',
    email: 'lou@example.com',
    role: 'loan_officer',
  });
  cookies.editor = await signInAs(server.url, 'erin@example.com');
  cookies.officer = await signInAs(server.url, 'lou@example.com');
  expect((await postPageForm(server.url, '/apply', fullApplication)).status).toBe(200);
  ids = withDb(server.databasePath, (db) => {
    const first = (sql: string) => (db.prepare(sql).get() as { id: string }).id;
    return {
      rates: (db.prepare('SELECT id FROM rates ORDER BY position').all() as { id: string }[]).map((r) => r.id),
      rate: first('SELECT id FROM rates ORDER BY position'),
      post: first('SELECT id FROM posts ORDER BY published_at DESC'),
      lead: first('SELECT id FROM leads'),
      editor: 'editor0000000000000000000000000a',
      officer: 'officer000000000000000000000000b',
    };
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** What each section's page shows only to a role that may open it (from the owner's view of it). */
const SECTION_MARKERS: Record<string, string> = {
  '/admin/content': 'id="section-hero"',
  '/admin/rates': '>Rates</h2>',
  '/admin/blog': '>Blog Posts</h2>',
  '/admin/leads': '>Leads Database</h2>',
  '/admin/payments': 'id="payments-title"',
  '/admin/vitals': 'id="site-speed-title"',
  '/admin/integrations': 'id="webhooks-title"',
  '/admin/security': 'id="team-title"',
  '/admin/account': 'id="sessions-title"',
};

async function page(who: Who, path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { Cookie: cookies[who] }, redirect: 'manual' });
  return { status: response.status, body: await response.text() };
}

/**
 * A page the role may not open is answered 403 with a page saying so, and nothing of the section:
 * the server refuses it before Next (server/admin-gate.ts), since Next streams an admin page's 200
 * before the page's own check runs (that check still renders the 403 page behind it). Client-side
 * navigations (RSC requests) get the same 403.
 */
async function expectForbiddenPage(who: Who, path: string) {
  for (const headers of [{}, { RSC: '1' }] as Record<string, string>[]) {
    const response = await fetch(`${server.url}${path}`, { headers: { Cookie: cookies[who], ...headers }, redirect: 'manual' });
    const body = await response.text();
    expect(response.status, `${who} ${path} ${JSON.stringify(headers)}`).toBe(403);
    expect(body, `${who} ${path}`).toContain('Not available to your account');
    expect(body.includes(SECTION_MARKERS[path]!), `${who} ${path} shows nothing of the section`).toBe(false);
  }
}

async function expectAllowedPage(who: Who, path: string) {
  const { status, body } = await page(who, path);
  expect(status, `${who} ${path}`).toBe(200);
  expect(body.includes(SECTION_MARKERS[path]!), `${who} ${path} shows the section`).toBe(true);
  expect(body.includes('NEXT_HTTP_ERROR_FALLBACK;403'), `${who} ${path} is not refused`).toBe(false);
}

/** Arguments that would change something were the action allowed; the rest get an empty object. */
function argsFor(action: ServerActionRef): unknown[] {
  const byName: Record<string, unknown[]> = {
    addRateAction: [],
    deleteRateAction: [{ id: ids.rate }],
    reorderRatesAction: [{ ids: [...ids.rates].reverse() }],
    deletePostAction: [{ id: ids.post }],
    restoreRevisionAction: [{ revision: 1 }],
    updateContentFieldAction: [{ path: 'hero.title', value: 'Taken over', previous: '' }],
    inviteAction: [{ email: 'mallory@example.com', role: 'owner' }],
    changeRoleAction: [{ id: ids.officer, role: 'owner' }],
    removeAccountAction: [{ id: ids.editor }],
    deleteLeadAction: [{ id: ids.lead }],
    updateLeadAction: [{ id: ids.lead, status: 'closed', notes: 'changed' }],
    notSpamAction: [{ id: ids.lead }],
    retryNotificationAction: [{ id: ids.lead }],
    leadDetailAction: [{ id: ids.lead }],
    moveLeadAction: [{ id: ids.lead, status: 'won' }],
    setDigestAction: [{ wantsDigest: false }],
  };
  return byName[action.exportedName] ?? [{}];
}

async function expectForbiddenActions(who: Who, files: string[]) {
  for (const action of files.flatMap(serverActionsOf)) {
    const response = await callServerAction(server.url, action, argsFor(action), { cookie: cookies[who] });
    expect(response.status, `${who} ${action.filename} ${action.exportedName}`).toBe(403);
  }
}

async function route(who: Who, method: 'GET' | 'POST', path: string) {
  const init: RequestInit = { method, headers: { Cookie: cookies[who], Origin: server.url }, redirect: 'manual' };
  if (method === 'POST') {
    const body = new FormData();
    body.set('file', new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), 'x.png');
    init.body = body;
  }
  return (await fetch(`${server.url}${path}`, init)).status;
}

const CONTENT_ACTIONS = [
  'lib/content/actions/content.ts',
  'lib/content/actions/inline-edit.ts',
  'lib/rates/actions/rates.ts',
  'lib/posts/actions/posts.ts',
];
const SECURITY_ACTIONS = ['lib/team/actions/team.ts', 'lib/webhooks/actions/endpoints.ts'];
const LEADS_ACTIONS = [
  'lib/leads/actions/admin.ts',
  'lib/leads/actions/digest.ts',
  'lib/notifications/actions/deliveries.ts',
  'lib/consent/actions/consent.ts',
];

test("a loan officer's session is refused content, rates, blog, security, payments and export, and changes nothing", async () => {
  const before = databaseState(server.databasePath);
  for (const path of [
    '/admin/content',
    '/admin/rates',
    '/admin/blog',
    '/admin/security',
    '/admin/integrations',
    '/admin/payments',
    '/admin/vitals',
  ])
    await expectForbiddenPage('officer', path);
  await expectForbiddenActions('officer', [...CONTENT_ACTIONS, ...SECURITY_ACTIONS]);
  expect(await route('officer', 'GET', '/api/admin/content')).toBe(403);
  expect(await route('officer', 'POST', '/api/admin/media')).toBe(403);
  expect(await route('officer', 'GET', '/api/admin/leads/export')).toBe(403);
  expect(databaseState(server.databasePath)).toEqual(before);

  await expectAllowedPage('officer', '/admin/leads');
  await expectAllowedPage('officer', '/admin/account');
});

test("an editor's session is refused the leads, their export, payments and security, and changes nothing", async () => {
  const before = databaseState(server.databasePath);
  for (const path of ['/admin/leads', '/admin/payments', '/admin/security', '/admin/integrations'])
    await expectForbiddenPage('editor', path);
  await expectForbiddenActions('editor', [...LEADS_ACTIONS, ...SECURITY_ACTIONS]);
  expect(await route('editor', 'GET', '/api/admin/leads/export')).toBe(403);
  expect(databaseState(server.databasePath)).toEqual(before);

  for (const path of ['/admin/content', '/admin/rates', '/admin/blog', '/admin/vitals', '/admin/account'])
    await expectAllowedPage('editor', path);
  expect(await route('editor', 'GET', '/api/admin/content')).toBe(200);
});

test('the owner opens every section, and the same requests are not refused for want of a role', async () => {
  for (const path of Object.keys(SECTION_MARKERS).filter((p) => p !== '/admin/account')) await expectAllowedPage('owner', path);
  // The account page is the team's: the owner has Security instead, yet may open it.
  expect((await page('owner', '/admin/account')).status).toBe(200);
  const detail = serverActionsOf('lib/leads/actions/admin.ts').find((a) => a.exportedName === 'leadDetailAction')!;
  expect((await callServerAction(server.url, detail, [{ id: ids.lead }], { cookie: cookies.owner })).status).toBe(200);
  expect((await callServerAction(server.url, detail, [{ id: ids.lead }], { cookie: cookies.officer })).status).toBe(200);
});

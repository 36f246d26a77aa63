import { expect, test } from '@playwright/test';
import { actionId, apiSignIn, OWNER_PASSWORD } from './admin-support';
import { startServer, type RunningServer } from './server';

/**
 * /.well-known/security.txt (RFC 9116): the contact is the site's e-mail address from the content,
 * and it follows the owner's edit at once, through the same Server Action the Site Content tab uses.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

async function securityTxt() {
  const response = await fetch(`${server.url}/.well-known/security.txt`);
  const text = await response.text();
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1];
  return { response, text, field };
}

test('names the contact from the content, expires in the future, and follows an edit of the e-mail', async () => {
  const served = await securityTxt();
  expect(served.response.status).toBe(200);
  expect(served.response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(served.response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(served.field('Contact')).toBe('mailto:loans@example.com');
  expect(served.field('Preferred-Languages')).toBe('en');
  // SITE_URL defaults to http://localhost:PORT.
  expect(served.field('Canonical')).toBe(`http://localhost:${new URL(server.url).port}/.well-known/security.txt`);
  const expires = Date.parse(served.field('Expires')!);
  expect(expires).toBeGreaterThan(Date.now() + 300 * 24 * 60 * 60 * 1000);
  expect(expires).toBeLessThan(Date.now() + 365 * 24 * 60 * 60 * 1000);

  // The owner changes the site's e-mail in Site Content.
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  const stored = (await (await fetch(`${server.url}/api/admin/content`, { headers: { Cookie: cookie } })).json()) as {
    content: { contact: Record<string, string> };
    revision: number;
  };
  const content = { ...stored.content, contact: { ...stored.content.contact, email: 'security@broker.example.com' } };
  const saved = await fetch(`${server.url}/admin/content`, {
    method: 'POST',
    headers: {
      Origin: server.url,
      Cookie: cookie,
      'Next-Action': actionId('saveContentAction'),
      'Content-Type': 'text/plain;charset=UTF-8',
    },
    // React's reply format: a string that starts with '$' (a price) is written '$$...'.
    body: JSON.stringify([{ content, revision: stored.revision }], (_, v: unknown) =>
      typeof v === 'string' && v.startsWith('$') ? `$${v}` : v,
    ),
  });
  expect(saved.status).toBe(200);
  expect(await saved.text()).toContain('Content Saved!');

  const edited = await securityTxt();
  expect(edited.field('Contact')).toBe('mailto:security@broker.example.com');
  expect(Date.parse(edited.field('Expires')!)).toBeGreaterThan(Date.now());
});

import { expect, test, type Page } from '@playwright/test';
import { actionId, apiSignIn, OWNER_PASSWORD, withDb } from './admin-support';
import { bootPage } from './boot';
import { anonymousHtml, openSection, pngImage, signInToDashboard, toast } from './admin-ui';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server.stop();
});

const editor = (page: Page) => page.getByRole('textbox', { name: 'Post Content' });

test('Blog: list, add, edit (slug redirect), delete, with every toast and rule', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToDashboard(page, server.url);
  await openSection(page, 'Blog');

  // The list: capped at 60% of the viewport and scrolling; seed posts are Auto Posts without edit/delete.
  const list = page.getByTestId('post-list');
  const viewport = page.viewportSize()!;
  const style = await list.evaluate((el) => ({ max: getComputedStyle(el).maxHeight, overflow: getComputedStyle(el).overflowY }));
  expect(parseFloat(style.max)).toBeCloseTo(viewport.height * 0.6, 0);
  expect(style.overflow).toBe('auto');
  const rows = page.getByTestId('post-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Auto Post' })).toHaveCount(2);
  await expect(list.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

  // Missing title or content.
  await page.getByRole('button', { name: 'Add New Post' }).click();
  await expect(editor(page)).toBeVisible();
  await page.getByRole('button', { name: 'Add Post' }).click();
  await expect(toast(page)).toContainText('❌ Missing Fields');
  await expect(toast(page)).toContainText('Please provide a title and content for the post.');
  // Closed, so that the toast expected next is the second click's and not this one (a toast stays 5 s).
  await toast(page).getByRole('button', { name: 'Close' }).click();
  await expect(toast(page)).toHaveCount(0);
  await page.getByLabel('Post Title').fill('Draw Schedules Explained');
  await page.getByRole('button', { name: 'Add Post' }).click();
  await expect(toast(page)).toContainText('❌ Missing Fields');

  // Rich text: toolbar, undo grouping (1 s), link rules.
  await editor(page).click();
  await page.keyboard.type('First words');
  await page.waitForTimeout(1_200);
  await page.keyboard.type(' and more');
  await page.keyboard.press('Control+z');
  await expect(editor(page)).toHaveText('First words');
  await page.keyboard.press('Control+Shift+z');
  await expect(editor(page)).toHaveText('First words and more');
  for (const name of [
    'Heading 1',
    'Heading 2',
    'Heading 3',
    'Bold',
    'Italic',
    'Underline',
    'Strike',
    'Ordered list',
    'Bullet list',
    'Link',
    'Image',
    'Clear formatting',
  ]) {
    await expect(page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Heading 2', exact: true }).click();
  await expect(editor(page).locator('h2')).toHaveText('First words and more');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Bold text');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Write to owner@example.com today');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Bad link');

  // A disallowed scheme leaves the address blank.
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Link address').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Apply Link' }).click();
  await expect(page.getByText('Only http, https, mailto and tel addresses are allowed')).toBeVisible();
  await page.getByLabel('Link address').fill('https://www.consumerfinance.gov/');
  await page.getByRole('button', { name: 'Apply Link' }).click();
  await expect(editor(page).locator('a[href="https://www.consumerfinance.gov/"]')).toHaveText('Bad link');

  // Link text that is an e-mail address gets mailto:.
  await editor(page).getByText('Write to owner@example.com today').click();
  await editor(page).evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text: Node | null;
    while ((text = walker.nextNode()) && !text.textContent?.includes('owner@'));
    const start = text!.textContent!.indexOf('owner@');
    const range = document.createRange();
    range.setStart(text!, start);
    range.setEnd(text!, start + 'owner@example.com'.length);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByLabel('Link address')).toHaveValue('mailto:owner@example.com');
  await page.getByRole('button', { name: 'Apply Link' }).click();
  await expect(editor(page).locator('a[href="mailto:owner@example.com"]')).toHaveText('owner@example.com');

  // An image in the body is uploaded like any other.
  await editor(page).press('Control+End');
  await page
    .getByLabel('Image file for the post body')
    .setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: await pngImage() });
  await expect(editor(page).locator('img[src^="/media/"]')).toHaveCount(1);

  await page.getByLabel('Post Excerpt').fill('How lenders release money as your home goes up.');
  await page.getByLabel('Category').fill('Guides');
  await page.getByLabel('Author').fill('Jane Broker');
  await page.getByRole('button', { name: 'Add Post' }).click();
  await expect(toast(page)).toContainText('✅ Blog Post Added!');
  await expect(rows.first()).toContainText('Draw Schedules Explained');
  await expect(rows.first()).toContainText('Custom Post');
  await expect(rows.first().getByRole('button', { name: 'Edit Draw Schedules Explained' })).toBeVisible();

  let html = await anonymousHtml(server.url, '/blog/draw-schedules-explained');
  expect(html).toContain('<h2>First words and more</h2>');
  expect(html).toContain('<strong>Bold text</strong>');
  expect(html).toContain('<a href="mailto:owner@example.com">owner@example.com</a>');
  expect(html).toMatch(/<a href="https:\/\/www.consumerfinance.gov\/" rel="noopener noreferrer" target="_blank">Bad link<\/a>/);
  expect(html).toMatch(/<img src="\/media\/[a-f0-9]{32}\.webp"/);
  expect(html).not.toContain('javascript:');
  expect(await anonymousHtml(server.url, '/blog')).toContain('Draw Schedules Explained');

  // Editing regenerates the slug; the old address answers a permanent redirect.
  await rows.first().getByRole('button', { name: 'Edit Draw Schedules Explained' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await page.getByLabel('Post Title').fill('Construction Draw Schedules');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page)).toContainText('✅ Blog Post Updated!');
  await expect(rows.first()).toContainText('/blog/construction-draw-schedules');
  const old = await fetch(`${server.url}/blog/draw-schedules-explained`, { redirect: 'manual' });
  // permanentRedirect's 308 goes out as 301 for page requests (server/pipeline/redirect-status.ts).
  expect(old.status).toBe(301);
  expect(old.headers.get('location')).toMatch(/\/blog\/construction-draw-schedules$/);
  html = await anonymousHtml(server.url, '/blog/construction-draw-schedules');
  expect(html).toContain('Construction Draw Schedules');

  // Delete asks first; declining keeps the post.
  page.once('dialog', (d) => void d.dismiss());
  await rows.first().getByRole('button', { name: 'Delete Construction Draw Schedules' }).click();
  await expect(rows).toHaveCount(3);
  page.once('dialog', (d) => {
    expect(d.message()).toContain('Delete “Construction Draw Schedules”?');
    void d.accept();
  });
  await rows.first().getByRole('button', { name: 'Delete Construction Draw Schedules' }).click();
  await expect(toast(page)).toContainText('🗑️ Blog Post Deleted!');
  await expect(rows).toHaveCount(2);
  expect((await fetch(`${server.url}/blog/construction-draw-schedules`)).status).toBe(404);
  expect((await fetch(`${server.url}/blog/draw-schedules-explained`, { redirect: 'manual' })).status).toBe(404);
});

test('Blog: a forged request to the action is sanitized on the server', async () => {
  const { cookie } = await apiSignIn(server.url, OWNER_PASSWORD);
  const post = {
    title: 'Forged Post',
    excerpt: 'x',
    bodyHtml:
      '<p onclick="steal()">Hello</p><script>alert(1)</script><iframe src="https://evil.example"></iframe>' +
      '<a href="javascript:alert(1)">js</a><a href="data:text/html,x">data</a><a href="vbscript:x">vb</a><a href="jo@example.com">mail</a>' +
      '<p style="background:url(javascript:alert(1))">styled</p><img src="/x.png" onerror="alert(1)"><svg onload="alert(1)"></svg>',
    imageUrl: '',
    category: 'News',
    author: 'Anyone',
    date: '2026-11-21',
  };
  const response = await fetch(`${server.url}/admin/blog`, {
    method: 'POST',
    headers: {
      Origin: server.url,
      Cookie: cookie,
      'Next-Action': actionId('createPostAction'),
      'Content-Type': 'text/plain;charset=UTF-8',
    },
    body: JSON.stringify([post]),
  });
  expect(response.status).toBe(200);
  const stored = withDb(server.databasePath, (db) =>
    db.prepare("SELECT body_html FROM posts WHERE title = 'Forged Post'").get(),
  ) as { body_html: string };
  expect(stored.body_html).toBe(
    '<p>Hello</p><a>js</a><a>data</a><a>vb</a><a href="mailto:jo@example.com">mail</a><p>styled</p><img src="/x.png" />',
  );

  // Without a session the action changes nothing.
  await fetch(`${server.url}/admin/blog`, {
    method: 'POST',
    headers: { Origin: server.url, 'Next-Action': actionId('createPostAction'), 'Content-Type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify([{ ...post, title: 'Anonymous Post' }]),
  });
  expect(
    withDb(server.databasePath, (db) => db.prepare("SELECT count(*) AS n FROM posts WHERE title = 'Anonymous Post'").get()),
  ).toEqual({ n: 0 });
});

test('the rich-text editor is never loaded by public pages', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  for (const path of ['/', '/blog', '/blog/understanding-construction-loans', '/rates', '/ebook']) {
    await page.goto(`${server.url}${path}`);
    await bootPage(page);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((s) => s.includes('ProseMirror') || s.includes('tiptap'))).toBe(false);
});

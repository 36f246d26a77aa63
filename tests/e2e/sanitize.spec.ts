import { expect, test } from '@playwright/test';
import { migrate, startServer, tempDatabasePath } from './server';
import { withDb } from './admin-support';

const HOSTILE =
  '<script>window.__pwned=1</script><img src="x" onerror="window.__pwned=2"><iframe src="https://evil.example"></iframe>';

test('stored HTML from the database renders without scripts, handlers, javascript: links or iframes', async ({ page }) => {
  const db = tempDatabasePath();
  migrate(db.path);
  withDb(db.path, (sqlite) => {
    const row = sqlite.prepare("SELECT document FROM site_content WHERE id = 'site'").get() as { document: string };
    const doc = JSON.parse(row.document);
    doc.hero.title = `Safe <em>title</em>${HOSTILE}<a href="javascript:window.__pwned=3"> link</a>`;
    sqlite.prepare("UPDATE site_content SET document = ? WHERE id = 'site'").run(JSON.stringify(doc));
    sqlite
      .prepare("UPDATE posts SET body_html = ? WHERE slug = 'understanding-construction-loans'")
      .run(`<p>Kept paragraph</p>${HOSTILE}<a href="javascript:window.__pwned=4">click</a><p style="position:fixed">styled</p>`);
  });
  const server = await startServer({ databasePath: db.path });
  try {
    for (const path of ['/', '/blog/understanding-construction-loans']) {
      const html = await (await fetch(server.url + path)).text();
      expect(html).not.toMatch(/<script>window\.__pwned|onerror=|<iframe|javascript:|position:fixed/);
    }
    await page.goto(server.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Safe title link');
    await page.goto(server.url + '/blog/understanding-construction-loans');
    await expect(page.getByText('Kept paragraph')).toBeVisible();
    await page.getByText('click', { exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  } finally {
    await server.stop();
    db.cleanup();
  }
});

import { expect, test } from '@playwright/test';
import { startServer } from './server';

const PUBLIC_PAGES = [
  '/',
  '/rates',
  '/blog',
  '/blog/understanding-construction-loans',
  '/ebook',
  '/privacy',
  '/licenses',
  '/sitemap.xml',
  '/blog/rss.xml',
];

const queriesIn = (output: string) => output.split('\n').filter((line) => line.includes('"msg":"db query"')).length;

test('anonymous page views are served from cache: no database query and no render per view', async () => {
  const server = await startServer({ env: { LOG_DB_QUERIES: 'true' } });
  try {
    // The first view after start-up renders each page once (start-up expired the build's copies).
    for (const path of PUBLIC_PAGES) expect((await fetch(server.url + path)).status, path).toBe(200);
    const before = queriesIn(server.output());
    expect(before, 'the query log works').toBeGreaterThan(0);

    for (let round = 0; round < 5; round++) {
      for (const path of PUBLIC_PAGES) {
        const response = await fetch(server.url + path);
        await response.arrayBuffer();
        expect(response.status, path).toBe(200);
        expect(response.headers.get('x-nextjs-cache'), path).toBe('HIT');
      }
    }
    expect(queriesIn(server.output())).toBe(before);
  } finally {
    await server.stop();
  }
});

import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

/**
 * Measures the JavaScript a page loads as the gzip size (level 9) of each script's body, not as
 * transfer sizes: the same build gives the same bytes on any machine, so a test can assert on it.
 */

export interface PageJs {
  path: string;
  /** HTTP status of the document; only a 200 page is measured. */
  httpStatus: number;
  scripts: { url: string; gzipBytes: number }[];
  gzipBytes: number;
}

async function gzipBytesOf(url: string): Promise<number> {
  // identity: we compress the body ourselves, whatever the server's compression settings are.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
}

/** Loads `path` in a fresh context (empty cache) and sums every same-origin script it loads. */
export async function measurePage(browser: Browser, baseUrl: string, path: string): Promise<PageJs> {
  const origin = new URL(baseUrl).origin;
  const context = await browser.newContext();
  const urls = new Set<string>();
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && new URL(response.url()).origin === origin) urls.add(response.url());
    });
    // networkidle, so scripts loaded after hydration (lazy chunks, prefetches) count too.
    const response = await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    const httpStatus = response?.status() ?? 0;
    if (httpStatus !== 200) return { path, httpStatus, scripts: [], gzipBytes: 0 };
    const scripts = [];
    for (const url of [...urls].sort()) scripts.push({ url, gzipBytes: await gzipBytesOf(url) });
    return { path, httpStatus, scripts, gzipBytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0) };
  } finally {
    await context.close();
  }
}

/** The database seed's post, for when /blog does not list one (or does not exist yet). */
const SEED_POST = '/blog/understanding-construction-loans';

/** The newest post: the first post /blog links to, as the list is newest first. */
export async function newestPost(baseUrl: string): Promise<string> {
  const response = await fetch(new URL('/blog', baseUrl));
  if (!response.ok) return SEED_POST;
  const match = /href="(\/blog\/[^"/?#]+)"/.exec(await response.text());
  return match?.[1] ?? SEED_POST;
}

/** Every public page of the spec; those not built yet answer 404 and are reported as skipped. */
export async function publicPages(baseUrl: string): Promise<string[]> {
  return ['/', '/rates', '/blog', '/ebook', await newestPost(baseUrl), '/privacy', '/licenses'];
}

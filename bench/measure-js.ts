import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request } from '@playwright/test';
import { LIVE_SCRIPT_PREFIX } from '../lib/calculators/live/ids';
import { HYDRATED_ATTRIBUTE } from '../lib/site/deferred-boot-markers';
import { COLLECTOR_MARK, COLLECTOR_PREFIX } from '../lib/vitals/paths';

/**
 * Measures the JavaScript a page loads as the gzip size (level 9) of each script's body, not as
 * transfer sizes: the same build gives the same bytes on any machine, so a test can assert on it.
 */

export interface PageJs {
  path: string;
  /** HTTP status of the document; only a 200 page is measured. */
  httpStatus: number;
  /** Every script of the page's app (Next's and ours), up to and after the visitor's first interaction. */
  scripts: { url: string; gzipBytes: number }[];
  gzipBytes: number;
  /**
   * Of those, the scripts loaded before any interaction (public pages defer Next's runtime). The
   * field-data collector counts here too if it was requested before the page's `load` event.
   */
  scriptsBeforeInteraction: number;
  gzipBytesBeforeInteraction: number;
  /**
   * The field-data collector (lib/vitals/), measured apart: not part of the app, it is added by the
   * page's inline loader after the `load` event, at idle, whatever the visitor does. null when the
   * page did not load it.
   */
  collector: AfterLoadScript | null;
  /**
   * A calculator page's live script (lib/calculators/live/, ADR 039), measured apart like the
   * collector: the page's inline loader adds it at the `load` event, before any interaction, and
   * it answers the visitor's digits. null on other pages.
   */
  liveScript: AfterLoadScript | null;
  /**
   * When scripts ran before any interaction: whether the server sent Next's script tags in the page
   * and which events (a boot's triggers) the page saw before the measure moved the pointer.
   */
  earlyScriptsWhy?: string;
}

/** A script a page's inline loader adds once the page has loaded. */
export interface AfterLoadScript {
  url: string;
  gzipBytes: number;
  requestedAfterLoad: boolean;
}

/** The events the boot script starts Next's scripts on (lib/site/boot/start.ts, TRIGGERS). */
const BOOT_TRIGGERS = ['pointerup', 'touchend', 'pointermove', 'keydown', 'focusin', 'wheel', 'scroll'];

async function gzipBytesOf(url: string): Promise<number> {
  // identity: we compress the body ourselves, whatever the server's compression settings are.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
}

/** Whether the browser requested `url` after the page's `load` event had finished. */
async function requestedAfterLoad(page: Page, url: string): Promise<boolean> {
  return page.evaluate((script) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const requested = performance.getEntriesByName(script)[0]?.startTime;
    return !!navigation && navigation.loadEventEnd > 0 && requested !== undefined && requested >= navigation.loadEventEnd;
  }, url);
}

/** Resolves once every script request has finished and none has started for `quietMs`. */
async function scriptsSettled(latest: () => number, pending: () => number, quietMs = 750) {
  while (pending() > 0 || Date.now() - latest() < quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * The collector's address, from the page's own resource timing: Playwright reports a response
 * some time after the browser has it, and the collector may already have run by then.
 */
const scriptInPage = (page: Page, prefix: string) =>
  page.evaluate(
    (start) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((name) => new URL(name).pathname.startsWith(start)),
    prefix,
  );

/**
 * Same-origin scripts the page has put in its document to run. A `<link rel="prefetch">` the page
 * adds at idle fetches Next's scripts into the cache without running them, so it is not counted:
 * the budget is about what runs before a visitor acts.
 */
const scriptElementsInPage = (page: Page) =>
  page.evaluate(() =>
    [...document.scripts].map((script) => script.src).filter((src) => src && new URL(src).origin === location.origin),
  );

/**
 * Loads `path` in a fresh context (empty cache), then moves the pointer as a visitor would, and
 * sums every same-origin script the page loaded: public pages load Next's scripts only at the
 * first interaction (server/deferred-boot), and the budget counts them all the same. The
 * field-data collector is measured apart (`collector`).
 */
export async function measurePage(browser: Browser, baseUrl: string, path: string): Promise<PageJs> {
  const origin = new URL(baseUrl).origin;
  const context = await browser.newContext();
  const urls = new Set<string>();
  const pending = new Set<Request>();
  let lastScriptAt = Date.now();
  try {
    const page = await context.newPage();
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      lastScriptAt = Date.now();
      pending.add(request);
    });
    page.on('requestfinished', (request) => {
      if (pending.delete(request) && new URL(request.url()).origin === origin) urls.add(request.url());
    });
    page.on('requestfailed', (request) => pending.delete(request));
    await page.addInitScript((types) => {
      const seen: string[] = [];
      (window as unknown as { bootEventsSeen: string[] }).bootEventsSeen = seen;
      const note = (event: Event) =>
        seen.push(`${event.type}${event.isTrusted ? '' : ' (untrusted)'} on ${String(event.target)}`);
      for (const type of types) window.addEventListener(type, note, { capture: true, passive: true });
    }, BOOT_TRIGGERS);
    // networkidle, so scripts loaded after hydration (lazy chunks, prefetches) count too.
    const response = await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    const httpStatus = response?.status() ?? 0;
    const empty = {
      path,
      httpStatus,
      scripts: [],
      gzipBytes: 0,
      scriptsBeforeInteraction: 0,
      gzipBytesBeforeInteraction: 0,
      collector: null,
      liveScript: null,
    };
    if (httpStatus !== 200) return empty;
    // A page with the collector's loader: wait until the collector runs, so it is counted where it belongs.
    if ((await page.content()).includes(COLLECTOR_PREFIX))
      await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, COLLECTOR_MARK);
    const collectorUrl = await scriptInPage(page, COLLECTOR_PREFIX);
    const collectorAfterLoad = collectorUrl !== undefined && (await requestedAfterLoad(page, collectorUrl));
    const liveUrl = await scriptInPage(page, LIVE_SCRIPT_PREFIX);
    const liveAfterLoad = liveUrl !== undefined && (await requestedAfterLoad(page, liveUrl));
    const apart = [collectorUrl, liveUrl];
    const before = new Set((await scriptElementsInPage(page)).filter((url) => !apart.includes(url)));
    if (collectorUrl && !collectorAfterLoad) before.add(collectorUrl);
    if (liveUrl && !liveAfterLoad) before.add(liveUrl);
    let earlyScriptsWhy: string | undefined;
    if (before.size > 0) {
      const served = /<script[^>]+src="[^"]*\/_next\//.test((await response?.text()) ?? '');
      const events = await page.evaluate(() => (window as unknown as { bootEventsSeen: string[] }).bootEventsSeen);
      earlyScriptsWhy = `${served ? "the page was served with Next's script tags" : "the page was served without Next's script tags"}; events before the pointer moved: ${events.join(', ') || 'none'}`;
    }
    // Twice: the boot counts a mouse that moved, and a browser's first move may report no movement.
    await page.mouse.move(20, 20);
    await page.mouse.move(24, 24);
    if (before.size === 0) await page.locator(`html[${HYDRATED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    await scriptsSettled(
      () => lastScriptAt,
      () => pending.size,
    );
    if (collectorUrl) urls.delete(collectorUrl);
    if (liveUrl) urls.delete(liveUrl);
    const scripts: PageJs['scripts'] = [];
    for (const url of [...urls].sort()) scripts.push({ url, gzipBytes: await gzipBytesOf(url) });
    const sum = (list: typeof scripts) => list.reduce((total, script) => total + script.gzipBytes, 0);
    const collector = collectorUrl
      ? { url: collectorUrl, gzipBytes: await gzipBytesOf(collectorUrl), requestedAfterLoad: collectorAfterLoad }
      : null;
    const liveScript = liveUrl
      ? { url: liveUrl, gzipBytes: await gzipBytesOf(liveUrl), requestedAfterLoad: liveAfterLoad }
      : null;
    return {
      path,
      httpStatus,
      scripts,
      gzipBytes: sum(scripts),
      scriptsBeforeInteraction: before.size,
      gzipBytesBeforeInteraction:
        sum(scripts.filter((script) => before.has(script.url))) +
        (collectorAfterLoad ? 0 : (collector?.gzipBytes ?? 0)) +
        (liveAfterLoad ? 0 : (liveScript?.gzipBytes ?? 0)),
      collector,
      liveScript,
      earlyScriptsWhy,
    };
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
  return [
    '/',
    '/rates',
    '/blog',
    '/ebook',
    await newestPost(baseUrl),
    '/privacy',
    '/licenses',
    // The calculators (issues 19 and 32): their live scripts are measured apart.
    '/calculators',
    '/calculators/construction-interest',
    '/calculators/construction-to-permanent',
    '/calculators/maximum-loan',
    '/calculators/debt-to-income',
  ];
}

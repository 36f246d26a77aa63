import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumLaunchOptions, systemChromium } from '../tests/support/chromium';
import { buildIfNeeded, freePort, startProductionServer } from '../tests/support/production-server';
import { newestPost } from './measure-js';
import { formatRows } from './table';

/**
 * Lighthouse's default configuration (mobile: a simulated Moto G Power on a 150 ms, 1.6 Mbps
 * link with a 4x CPU slowdown) against the production server, in the system Chromium.
 */

/** The targets of issue 10, on every page. */
export const TARGETS = { score: 100, lcpMs: 1500, tbtMs: 50, cls: 0.01 };
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CATEGORY_LABELS = { performance: 'Perf', accessibility: 'A11y', 'best-practices': 'BP', seo: 'SEO' };

export interface FailingAudit {
  id: string;
  title: string;
  /** 0 to 1; null for an informative audit. */
  score: number | null;
  displayValue?: string;
}

export interface PageLighthouse {
  path: string;
  /** Performance score of each run, for a look at the spread. */
  runScores: number[];
  /** The median run (by performance score). */
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  misses: string[];
  failing: FailingAudit[];
  /** Where the median run's full report was written. */
  reportPath: string;
}

export interface LighthouseReport {
  runsPerPage: number;
  pages: PageLighthouse[];
  reportDir: string;
}

/**
 * The pages of issue 10: home, rates, blog, the newest post and the ebook; and the calculators of
 * issue 19 (the index from the page cache, each calculator rendered per request from a query).
 */
export async function defaultPages(baseUrl: string): Promise<string[]> {
  return [
    '/',
    '/rates',
    '/blog',
    await newestPost(baseUrl),
    '/ebook',
    '/calculators',
    '/calculators/construction-interest?amount=400000&rate=7.5&months=12&draw=even',
    '/calculators/construction-to-permanent?amount=400000&rate=6.75&years=30',
    '/calculators/maximum-loan?land=owned&landValue=100000&landOwed=0&cost=400000&value=550000',
    '/calculators/debt-to-income?income=12000&debts=800&payment=2594.39',
  ];
}

const score = (lhr: Result, id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Every audit of the four categories that did not pass, worst first. */
function failingAudits(lhr: Result): FailingAudit[] {
  const ids = new Set(CATEGORIES.flatMap((category) => lhr.categories[category]?.auditRefs.map((ref) => ref.id) ?? []));
  return [...ids]
    .map((id) => lhr.audits[id]!)
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'notApplicable')
    .sort((a, b) => (a.score ?? 1) - (b.score ?? 1))
    .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue }));
}

function missesOf(page: Pick<PageLighthouse, 'scores' | 'lcpMs' | 'tbtMs' | 'cls'>): string[] {
  const misses = CATEGORIES.filter((id) => page.scores[id] < TARGETS.score).map(
    (id) => `${CATEGORY_LABELS[id]} ${page.scores[id]}`,
  );
  if (!(page.lcpMs <= TARGETS.lcpMs)) misses.push(`LCP ${(page.lcpMs / 1000).toFixed(2)} s`);
  if (!(page.tbtMs <= TARGETS.tbtMs)) misses.push(`TBT ${Math.round(page.tbtMs)} ms`);
  if (!(page.cls <= TARGETS.cls)) misses.push(`CLS ${page.cls.toFixed(3)}`);
  return misses;
}

/** Requests each page twice, so no Lighthouse run pays for a first render after start-up. */
async function warm(baseUrl: string, pages: string[]) {
  for (let round = 0; round < 2; round++) {
    for (const path of pages) await (await fetch(new URL(path, baseUrl))).arrayBuffer();
  }
}

/**
 * Builds when needed, serves the site on a temporary SQLite file with SITE_URL set to the served
 * origin (canonical URLs, robots.txt and the sitemap then name the page Lighthouse loads), and runs
 * Lighthouse `runs` times per page, one run at a time, in one headless Chromium.
 */
export async function runLighthouse(options: { pages?: string[]; runs: number; log: (message: string) => void }) {
  buildIfNeeded(['ignore', 2, 2]);
  const dataDir = mkdtempSync(join(tmpdir(), 'clp-bench-db-'));
  const reportDir = join(tmpdir(), `clp-lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(reportDir, { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const site = await startProductionServer({
    databasePath: join(dataDir, 'site.db'),
    port,
    env: { SITE_URL: origin },
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const pages = options.pages ?? (await defaultPages(site.url));
    await warm(site.url, pages);
    chrome = await chromeLauncher.launch({
      chromePath: systemChromium,
      chromeFlags: [...(chromiumLaunchOptions.args ?? []), '--headless=new'],
    });
    const results: PageLighthouse[] = [];
    for (const path of pages) {
      const runs: Result[] = [];
      for (let run = 1; run <= options.runs; run++) {
        options.log(`Lighthouse ${path} (run ${run} of ${options.runs})`);
        // No config: Lighthouse's default, the mobile one (core/config/default-config.js).
        const result = await lighthouse(new URL(path, site.url).href, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse returned no result for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      const sorted = [...runs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const name = path.split('?')[0]!;
      const reportPath = join(reportDir, `${name === '/' ? 'home' : name.slice(1).replace(/\//g, '_')}.json`);
      writeFileSync(reportPath, JSON.stringify(median, null, 2));
      const page = {
        path,
        runScores: runs.map((lhr) => score(lhr, 'performance')),
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(median, id)])) as PageLighthouse['scores'],
        lcpMs: metric(median, 'largest-contentful-paint'),
        tbtMs: metric(median, 'total-blocking-time'),
        cls: metric(median, 'cumulative-layout-shift'),
        failing: failingAudits(median),
        reportPath,
      };
      results.push({ ...page, misses: missesOf(page) });
    }
    return { runsPerPage: options.runs, pages: results, reportDir } satisfies LighthouseReport;
  } finally {
    chrome?.kill();
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatTable(report: LighthouseReport): string {
  const rows = [
    ['Page', 'Perf', 'A11y', 'BP', 'SEO', 'LCP s', 'TBT ms', 'CLS', 'Perf runs', 'Status'],
    ...report.pages.map((page) => [
      page.path,
      ...CATEGORIES.map((id) => String(page.scores[id])),
      (page.lcpMs / 1000).toFixed(2),
      String(Math.round(page.tbtMs)),
      page.cls.toFixed(3),
      page.runScores.join('/'),
      page.misses.length === 0 ? 'OK' : `MISS: ${page.misses.join(', ')}`,
    ]),
  ];
  const failing = report.pages
    .filter((page) => page.failing.length > 0)
    .flatMap((page) => [
      `Audits not passed on ${page.path}:`,
      ...page.failing.map(
        (audit) =>
          `  ${audit.id} (${audit.score === null ? '-' : Math.round(audit.score * 100)})${audit.displayValue ? ` ${audit.displayValue}` : ''}: ${audit.title}`,
      ),
    ]);
  const targets =
    `Targets on every page: Perf, A11y, BP and SEO ${TARGETS.score}; LCP <= ${TARGETS.lcpMs / 1000} s, ` +
    `TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}. Median of ${report.runsPerPage} runs by performance score.`;
  return [formatRows(rows), '', targets, ...(failing.length ? ['', ...failing] : []), '', `Reports: ${report.reportDir}`].join(
    '\n',
  );
}

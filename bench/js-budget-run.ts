import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { buildIfNeeded, startProductionServer } from '../tests/support/production-server';
import {
  buildEmptyNextApp,
  readRecordedBaseline,
  RECORDED_BASELINE,
  startEmptyNextApp,
  writeRecordedBaseline,
} from './empty-next-app';
import { measurePage, publicPages, type PageJs } from './measure-js';

/** The target from the issues: at most 15 KB (gzip) above an empty Next.js page. */
export const BUDGET_BYTES = 15 * 1024;
/**
 * The field-data collector (lib/vitals/) is not part of the app the budget above weighs: it loads
 * after the page's `load` event whatever the visitor does, and has a budget of its own.
 */
export const COLLECTOR_BUDGET_BYTES = 5 * 1024;
/** A calculator page's live script (ADR 039): it answers the first digit, after the page's load (issue 32). */
export const LIVE_SCRIPT_BUDGET_BYTES = 6 * 1024;

export type Verdict = 'OK' | 'OVER' | 'SKIPPED';
export interface PageReport extends PageJs {
  /** null for a page that did not answer 200. */
  deltaBytes: number | null;
  verdict: Verdict;
}
export interface JsBudgetReport {
  budgetBytes: number;
  /** What the empty page loads; `recorded` when read from bench/empty-next-baseline.json. */
  baseline: Pick<PageJs, 'gzipBytes'> & { scripts: unknown[]; recorded: boolean };
  pages: PageReport[];
}

export interface JsBudgetOptions {
  pages?: string[];
  log: (message: string) => void;
  /**
   * `recorded`: read the empty page's bytes from the record when it was made with today's Next.js,
   * React and empty-app files, else build and measure it (`npm test`: a fresh clone saves a
   * minute's build). `measure`: always build and measure it (the bench); `record`: measure it and
   * write the record.
   */
  baseline: 'recorded' | 'measure' | 'record';
}

/**
 * Builds what needs building, serves the site (on a temporary SQLite file) and, unless the
 * baseline is recorded, the empty app, and measures each page against the empty one. Pages are
 * measured one at a time: on a 2-core machine parallel loads only make network idle slower to reach.
 */
export async function runJsBudget(browser: Browser, options: JsBudgetOptions): Promise<JsBudgetReport> {
  // stdout of the builds goes to stderr, so `--json` prints nothing but the report.
  buildIfNeeded(['ignore', 2, 2]);
  const recorded = options.baseline === 'recorded' ? readRecordedBaseline() : null;
  if (options.baseline === 'recorded' && !recorded)
    options.log('The recorded empty-page baseline is for other versions: measuring it (npm run bench:js -- --record-baseline).');
  const emptyDir = recorded ? null : buildEmptyNextApp(options.log);
  const dataDir = mkdtempSync(join(tmpdir(), 'clp-bench-db-'));
  const servers = await Promise.allSettled([
    startProductionServer({ databasePath: join(dataDir, 'site.db') }),
    ...(emptyDir ? [startEmptyNextApp(emptyDir)] : []),
  ]);
  try {
    const [site, empty] = servers.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
    const baseline = recorded ? { ...recorded, recorded: true } : await measureBaseline(browser, empty!.url, options);
    const pages: PageReport[] = [];
    for (const path of options.pages ?? (await publicPages(site!.url))) {
      const page = await measurePage(browser, site!.url, path);
      if (page.httpStatus !== 200) {
        pages.push({ ...page, deltaBytes: null, verdict: 'SKIPPED' });
        continue;
      }
      const deltaBytes = page.gzipBytes - baseline.gzipBytes;
      const over =
        deltaBytes > BUDGET_BYTES ||
        (page.collector?.gzipBytes ?? 0) > COLLECTOR_BUDGET_BYTES ||
        (page.liveScript?.gzipBytes ?? 0) > LIVE_SCRIPT_BUDGET_BYTES;
      pages.push({ ...page, deltaBytes, verdict: over ? 'OVER' : 'OK' });
    }
    return { budgetBytes: BUDGET_BYTES, baseline, pages };
  } finally {
    for (const result of servers) if (result.status === 'fulfilled') await result.value.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The empty page measured now; compared with the record (or written to it) so a drift is told. */
async function measureBaseline(browser: Browser, url: string, options: JsBudgetOptions) {
  const measured = await measurePage(browser, url, '/');
  if (measured.httpStatus !== 200) throw new Error(`the empty Next.js app answered ${measured.httpStatus}`);
  if (options.baseline === 'record') {
    writeRecordedBaseline(measured.scripts);
    options.log(`Recorded the empty page's ${measured.gzipBytes} B in ${RECORDED_BASELINE}.`);
  } else {
    const recorded = readRecordedBaseline();
    if (recorded && recorded.gzipBytes !== measured.gzipBytes)
      options.log(
        `The empty page loads ${measured.gzipBytes} B, its record says ${recorded.gzipBytes} B for the same versions: record it again (--record-baseline).`,
      );
  }
  return { ...measured, recorded: false };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const afterLoad = (script: PageJs['collector']) =>
  script ? `${kb(script.gzipBytes)}${script.requestedAfterLoad ? '' : ' BEFORE LOAD'}` : '-';

export function formatTable(report: JsBudgetReport): string {
  const rows = [
    ['Page', 'Scripts', 'gzip KB', 'vs empty KB', 'Before interaction', 'Field data KB', 'Live script KB', 'Status'],
    [
      '(empty Next.js page)',
      String(report.baseline.scripts.length),
      kb(report.baseline.gzipBytes),
      '',
      '',
      '',
      '',
      report.baseline.recorded ? 'baseline (recorded)' : 'baseline',
    ],
    ...report.pages.map((page) =>
      page.deltaBytes === null
        ? [page.path, '', '', '', '', '', '', `SKIPPED (${page.httpStatus})`]
        : [
            page.path,
            String(page.scripts.length),
            kb(page.gzipBytes),
            `${page.deltaBytes >= 0 ? '+' : ''}${kb(page.deltaBytes)}`,
            `${page.scriptsBeforeInteraction} files, ${kb(page.gzipBytesBeforeInteraction)} KB`,
            afterLoad(page.collector),
            afterLoad(page.liveScript),
            page.verdict,
          ],
    ),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 || column === 7 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  const budget = `Budget: at most ${kb(report.budgetBytes)} KB of gzip JavaScript above the empty page (aim for 5 KB).`;
  const deferred = "Public pages load Next's scripts at a visitor's first interaction; the totals include them.";
  const fieldData = `Field data: the Web Vitals collector, loaded after the page's load event and not counted above (budget ${kb(COLLECTOR_BUDGET_BYTES)} KB).`;
  const live = `Live script: a calculator page's own, which answers the visitor's digits before React, loaded at the page's load event and not counted above (budget ${kb(LIVE_SCRIPT_BUDGET_BYTES)} KB).`;
  return [line(rows[0]!), ...rows.slice(1).map(line), '', budget, deferred, fieldData, live]
    .map((text) => text.trimEnd())
    .join('\n');
}

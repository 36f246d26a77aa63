/**
 * `npm run bench:js [-- --pages /a,/b] [-- --json] [-- --record-baseline]`: the gzip JavaScript each
 * public page loads, beside an empty Next.js page built with the same version in the same run.
 * Exits 1 when a page is more than 15 KB over the empty page (the target in the project's issues).
 * `--record-baseline` writes what the empty page loads to bench/empty-next-baseline.json, which
 * `npm test` reads instead of building the empty app while the versions are the same.
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/chromium';
import { formatTable, runJsBudget } from './js-budget-run';

const { values } = parseArgs({
  options: {
    pages: { type: 'string' },
    json: { type: 'boolean', default: false },
    'record-baseline': { type: 'boolean', default: false },
  },
});
const pages = values.pages
  ?.split(',')
  .map((path) => path.trim())
  .filter(Boolean)
  .map((path) => (path.startsWith('/') ? path : `/${path}`));

// Progress goes to stderr so stdout holds only the table or the JSON.
const log = (message: string) => process.stderr.write(`${message}\n`);

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const report = await runJsBudget(browser, { pages, log, baseline: values['record-baseline'] ? 'record' : 'measure' });
  process.stdout.write(`${values.json ? JSON.stringify(report, null, 2) : formatTable(report)}\n`);
  const measured = report.pages.filter((page) => page.verdict !== 'SKIPPED');
  if (measured.length === 0) log('No page answered 200: nothing was measured.');
  process.exitCode = measured.length > 0 && measured.every((page) => page.verdict === 'OK') ? 0 : 1;
} catch (error) {
  log(`bench:js failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}

/**
 * `npm run bench:lighthouse [-- --pages /a,/b] [-- --runs 3] [-- --json]`: Lighthouse 12 with its
 * default mobile settings against the production build, median of 3 runs per page. Exits 1 when a
 * page misses a target of issue 10 (every category 100, LCP <= 1.5 s, TBT <= 50 ms, CLS <= 0.01).
 */
import { parseArgs } from 'node:util';
import { formatTable, runLighthouse } from './lighthouse-run';
import { logToStderr as log } from './table';

const { values } = parseArgs({
  options: {
    pages: { type: 'string' },
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});
const pages = values.pages
  ?.split(',')
  .map((path) => path.trim())
  .filter(Boolean)
  .map((path) => (path.startsWith('/') ? path : `/${path}`));
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');

try {
  const report = await runLighthouse({ pages, runs, log });
  process.stdout.write(`${values.json ? JSON.stringify(report, null, 2) : formatTable(report)}\n`);
  process.exitCode = report.pages.every((page) => page.misses.length === 0) ? 0 : 1;
} catch (error) {
  log(`bench:lighthouse failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}

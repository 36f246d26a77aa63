/**
 * `npm run bench:first-tap [-- --pages /,/rates,post] [-- --kinds dialog,toast,menu,field,submit,result,figures]
 * [-- --all] [-- --runs 5] [-- --only-served] [-- --json]`:
 * a phone visitor's first tap on each kind of control of each public page, under Lighthouse's
 * mobile throttling, 0.5 s and 4 s after the load event: time until the response is visible, median
 * of 5 first visits, beside the same page booted at load (the owner's marker cookie). Exits 1 when a
 * served median is above 200 ms or a sample failed (issue 16).
 */
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/chromium';
import { runFirstTap, verdict } from './first-tap-run';
import { THROTTLING } from './first-tap-sample';
import { formatTable } from './first-tap-table';
import { machineSummary } from './machine';
import { logToStderr as log } from './table';

const { values } = parseArgs({
  options: {
    pages: { type: 'string' },
    kinds: { type: 'string' },
    runs: { type: 'string', default: '5' },
    all: { type: 'boolean', default: false },
    'only-served': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const pages = values.pages
  ?.split(',')
  .map((path) => path.trim())
  .filter(Boolean)
  .map((path) => (path.startsWith('/') || path === 'post' ? path : `/${path}`));
const kinds = values.kinds?.split(',').map((kind) => kind.trim());
const KINDS = ['dialog', 'toast', 'menu', 'field', 'submit', 'result', 'figures'];
if (kinds?.some((kind) => !KINDS.includes(kind))) throw new Error(`--kinds: one or more of ${KINDS.join(', ')}`);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');

const startedAt = new Date();
const machineBefore = machineSummary();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const rows = await runFirstTap(browser, { pages, kinds, all: values.all, runs, onlyServed: values['only-served'], log });
  const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);
  const setting = `CPU ${THROTTLING.cpuRate}x, ${THROTTLING.latencyMs} ms RTT, 1.6 Mbps down / 750 Kbps up`;
  const header = [
    `Date: ${startedAt.toISOString()} (${minutes} min); Chromium ${browser.version()}; ${setting}; Pixel 7 viewport with touch.`,
    `Machine at the start: ${machineBefore}`,
    `Machine at the end:   ${machineSummary()}`,
  ];
  const output = values.json
    ? JSON.stringify({ startedAt, minutes: Number(minutes), machineBefore, machineAfter: machineSummary(), rows }, null, 2)
    : [...header, '', formatTable(rows, runs)].join('\n');
  process.stdout.write(`${output}\n`);
  process.exitCode = rows.length > 0 && rows.every((row) => verdict(row) === 'OK') ? 0 : 1;
} catch (error) {
  log(`bench:first-tap failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await browser.close();
}

/**
 * `npm run bench:load [-- --duration 10] [-- --json] [-- --only pages|leads|instances] [-- --cpu-prof DIR]`: autocannon at 50 connections on loopback
 * against the production server (anonymous /, the newest blog post, a calculator page with a query,
 * the contact form's submission), pages asked as a browser asks (Accept-Encoding), beside an empty
 * prerendered Next.js page and, when nginx is installed, nginx serving a saved copy of the home page
 * (precompressed) and our server behind the micro-cache of docs/nginx/. Exits 1 when a target of
 * issue 32 (issue 10's for the post) is missed. With nginx and TEST_POSTGRES_URL it also measures `/` through nginx
 * in front of one and of two instances on PostgreSQL (informational). `--only pages|leads|instances`
 * measures one of the three. `--cpu-prof DIR` has our server write a V8 CPU
 * profile of the whole run into DIR when it stops (open it in Chrome DevTools or speedscope).
 */
import { parseArgs } from 'node:util';
import { formatTable, runLoad, SECTIONS, type Section } from './load-run';
import { logToStderr as log } from './table';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const durationSeconds = Number(values.duration);
if (!Number.isInteger(durationSeconds) || durationSeconds < 1) throw new Error('--duration must be a whole number of seconds');
const only = values.only as Section | undefined;
if (only !== undefined && !SECTIONS.includes(only)) throw new Error(`--only must be one of: ${SECTIONS.join(', ')}`);

try {
  const report = await runLoad({ durationSeconds, log, sections: only ? [only] : SECTIONS, cpuProfileDir: values['cpu-prof'] });
  process.stdout.write(`${values.json ? JSON.stringify(report, null, 2) : formatTable(report)}\n`);
  process.exitCode = report.rows.some((row) => row.verdict === 'MISS') ? 1 : 0;
} catch (error) {
  log(`bench:load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
}

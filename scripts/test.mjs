// `npm test`: every check in order, stopping at the first that fails, then how long each took.
// The run's own duration is part of its result: our limit is 15 minutes on a 2-core machine
// (docs/testing.md), and a run that grows with every feature slows every one of us.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// Checks in one group run side by side. `npm run lint` (ESLint, then the import circles and
// Prettier) took 72 s on a fresh clone and the type check 48, so one core idled for the last 24 s:
// as three checks (each keeps a core busy) they share both cores to the end. Vitest left the two
// cores idle a third of its time (about 360 s of processor time in a 4.5-minute stage: its tests
// wait on databases, mail and timers), so the browser tests' production build runs beside it and
// Playwright finds it current. Playwright keeps both cores busy alone.
const groups = [
  [
    ['lint (eslint)', npm, ['run', 'lint:code']],
    ['typecheck', npm, ['run', 'typecheck']],
    ['format and import circles', npm, ['run', 'lint:files']],
  ],
  [
    ['unit and integration (vitest)', npm, ['run', 'test:unit']],
    ['production build', process.execPath, ['server/build.mjs', '--if-needed']],
  ],
  [['browser (playwright)', npm, ['run', 'test:e2e']]],
];

const env = { ...process.env };

/**
 * Runs one check. Alone, it writes straight to the terminal; beside another, its output is kept
 * and written in one piece when it ends, so the two never interleave.
 */
function run([name, command, args], alone) {
  const at = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n> ${name}\n${Buffer.concat(output).toString()}`);
      resolve({ name, ms: Date.now() - at, ok: code === 0 });
    });
  });
}

const started = Date.now();
const took = [];
let failed = null;
for (const group of groups) {
  const results = await Promise.all(group.map((check) => run(check, group.length === 1)));
  took.push(...results);
  failed = results.find((result) => !result.ok)?.name ?? null;
  if (failed) break;
  // The browser stage's build need not check the types again (next.config.ts).
  env.TYPES_CHECKED = '1';
}

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
process.stdout.write('\nnpm test took ' + minutes(Date.now() - started) + (failed ? ` (stopped: ${failed} failed)` : '') + '\n');
for (const { name, ms } of took) process.stdout.write(`  ${name.padEnd(32)} ${minutes(ms)}` + '\n');
process.exit(failed ? 1 : 0);

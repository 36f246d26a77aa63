// `npm test`: every check in order, stopping at the first that fails, then how long each took.
// The run's own duration is part of its result: our limit is 15 minutes on a 2-core machine
// (docs/testing.md), and a run that grows with every feature slows every one of us.
import { spawnSync } from 'node:child_process';

const stages = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['unit and integration (vitest)', ['run', 'test:unit']],
  ['browser (playwright)', ['run', 'test:e2e']],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const took = [];
const env = { ...process.env };
let failed = null;
for (const [name, args] of stages) {
  const at = Date.now();
  const result = spawnSync(npm, args, { stdio: 'inherit', env });
  took.push([name, Date.now() - at]);
  if (result.status !== 0) {
    failed = name;
    break;
  }
  // The browser stage's build need not check the types again (next.config.ts).
  if (name === 'typecheck') env.TYPES_CHECKED = '1';
}

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
process.stdout.write('\nnpm test took ' + minutes(Date.now() - started) + (failed ? ` (stopped: ${failed} failed)` : '') + '\n');
for (const [name, ms] of took) process.stdout.write(`  ${name.padEnd(32)} ${minutes(ms)}` + '\n');
process.exit(failed ? 1 : 0);

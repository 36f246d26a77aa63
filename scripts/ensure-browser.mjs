// `npm test` finds its browsers by itself: the system Chromium (for the benchmarks) and its headless
// shell (for the browser tests, tests/support/chromium.ts) when present; otherwise, as root with apt,
// Debian's packages; otherwise Playwright's own download.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const run = (command) => execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
const has = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const missing = [
  ...(existsSync(SYSTEM_CHROMIUM) ? [] : ['chromium']),
  ...(process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
];
if (missing.length === 0) {
  process.exit(0);
} else if (process.getuid?.() === 0 && has('apt-get')) {
  console.warn(`Installing Debian's ${missing.join(' and ')}.`);
  run(`apt-get update -qq && apt-get install -y -qq ${missing.join(' ')}`);
} else if (!existsSync(SYSTEM_CHROMIUM)) {
  console.warn("No system Chromium: installing Playwright's Chromium.");
  run('npx playwright install chromium');
}

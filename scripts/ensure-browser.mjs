// `npm test` finds a browser by itself: the system Chromium when present; otherwise, as root
// with apt, Debian's chromium package; otherwise Playwright's own download.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const run = (command) => execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
const has = (command) => {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (existsSync(SYSTEM_CHROMIUM)) {
  process.exit(0);
} else if (process.getuid?.() === 0 && has('apt-get')) {
  console.warn('No system Chromium: installing the Debian chromium package.');
  run('apt-get update -qq && apt-get install -y -qq chromium');
} else {
  console.warn("No system Chromium: installing Playwright's Chromium.");
  run('npx playwright install chromium');
}

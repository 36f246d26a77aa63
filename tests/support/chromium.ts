import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** The system Chromium when there is one (scripts/ensure-browser.mjs installs it otherwise). */
export const systemChromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The browser tests run Chromium's headless shell (Debian's chromium-headless-shell), as Playwright
 * does by default: the same Blink and V8 without the browser around them, for about 60% of the
 * processor time of the full browser on the same specs (docs/testing.md). The benchmarks time what
 * a visitor's browser does, so they keep the full one. CHROMIUM_PATH, when set, names the browser
 * for both.
 */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const testChromium = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : systemChromium);

// Without the network flags Chromium keeps trying to reach the (closed) outside network.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The benchmarks' browser: what a visitor runs. */
export const chromiumLaunchOptions: LaunchOptions = {
  ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
  args,
};

/** The browser tests' browser (playwright.config.ts). */
export const testChromiumLaunchOptions: LaunchOptions = {
  ...(existsSync(testChromium) ? { executablePath: testChromium } : {}),
  args,
};

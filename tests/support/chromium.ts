import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** The system Chromium when there is one (scripts/ensure-browser.mjs installs it otherwise). */
export const systemChromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Shared by playwright.config.ts and the benchmarks, so both measure the same browser. */
export const chromiumLaunchOptions: LaunchOptions = {
  ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
  // Without the network flags Chromium keeps trying to reach the (closed) outside network.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

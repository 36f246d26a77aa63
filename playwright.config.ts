import { defineConfig, devices } from '@playwright/test';
import { testChromiumLaunchOptions } from './tests/support/chromium';

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Specs read the test databases through lib/db like the integration tests; the server-only guard
  // matters inside Next's bundles only (vitest.config.ts aliases it the same way).
  tsconfig: './tests/e2e/tsconfig.playwright.json',
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two workers share two cores with their servers and browsers, so a long walk through a feature
  // takes up to twice its time alone: the longest took 57 s in one run and ran out of 60 s in the
  // next. This bounds a test's throughput, not a wait for an event (expects keep their own timeout).
  timeout: 120_000,
  // An expectation waits for something the page does. Beside another worker's server, browser and
  // axe run, a client navigation in the admin took 5.1 s to show (issue 29's run): the wait is
  // bounded by 15 s, which costs a passing test nothing.
  expect: { timeout: 15_000 },
  reporter: [[process.env.CI ? 'line' : 'list'], ['./tests/support/timing-reporter.ts']],
  use: {
    ...devices['Desktop Chrome'],
    // A failed test keeps its trace: actions, console and network. Its screencast and DOM snapshots
    // cost a third of the run's processor time on every passing test (docs/testing.md), so they are
    // off; `npx playwright test --trace on` records them when a failure needs a picture.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: testChromiumLaunchOptions,
    // Motion reduced, as a visitor may ask their system (the site honours it, app/globals.css): a
    // field filled far down a page is focused, and focus scrolls the page smoothly otherwise. A
    // click that follows (the content editor's sticky Save) can then be aimed during the glide,
    // when the button was still for two frames on a busy machine, and land beside it once the
    // page has moved on: the save never started (cluster-cache.spec, admin-activity.spec).
    reducedMotion: 'reduce',
  },
});

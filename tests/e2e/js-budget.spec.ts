import { chromium, expect, test } from '@playwright/test';
import {
  BUDGET_BYTES,
  COLLECTOR_BUDGET_BYTES,
  formatTable,
  LIVE_SCRIPT_BUDGET_BYTES,
  runJsBudget,
} from '../../bench/js-budget-run';
import { testChromiumLaunchOptions } from '../support/chromium';

/**
 * The regression guard behind `npm run bench:js`: gzip bytes of the scripts a page loads are the
 * same for the same build on any machine, so unlike a timing this can fail `npm test` reliably.
 */
test('every public page loads at most 15 KB more gzip JavaScript than an empty Next.js page', async ({}, testInfo) => {
  // The empty Next.js page's bytes are recorded per version (bench/empty-next-baseline.json); after
  // an upgrade the first run builds and measures it (about a minute on 2 cores).
  test.setTimeout(600_000);
  // The tests' browser (the headless shell): its own pointermove soon after load, a resting cursor's,
  // no longer boots a page (lib/site/boot/start.ts), so it measures what the full browser does.
  const browser = await chromium.launch(testChromiumLaunchOptions);
  const report = await runJsBudget(browser, { log: (message) => console.warn(message), baseline: 'recorded' }).finally(() =>
    browser.close(),
  );
  await testInfo.attach('js-budget.txt', { body: formatTable(report), contentType: 'text/plain' });

  const measured = report.pages.filter((page) => page.deltaBytes !== null);
  expect(measured.map((page) => page.path)).toContain('/');
  for (const page of measured) {
    const scripts = page.scripts.map((script) => `${script.url} ${script.gzipBytes} B`).join('\n');
    expect(page.deltaBytes, `${page.path} loads ${page.gzipBytes} B of gzip JavaScript:\n${scripts}`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
    // Lighthouse's blocking-time target rests on this: no script file before the first interaction,
    // but for the field-data collector, requested after the page's load event (docs/performance.md, What each benchmark does).
    expect(page.scriptsBeforeInteraction, `${page.path} loads scripts before any interaction: ${page.earlyScriptsWhy}`).toBe(0);
    expect(page.collector, `${page.path} loads the Web Vitals collector`).toMatchObject({ requestedAfterLoad: true });
    expect(page.collector!.gzipBytes).toBeLessThanOrEqual(COLLECTOR_BUDGET_BYTES);
    // A calculator's live script (issue 32): there on each calculator page, after its load, small.
    if (/^\/calculators\/./.test(page.path)) {
      expect(page.liveScript, `${page.path} loads its live script`).toMatchObject({ requestedAfterLoad: true });
      expect(page.liveScript!.gzipBytes).toBeLessThanOrEqual(LIVE_SCRIPT_BUDGET_BYTES);
    } else expect(page.liveScript).toBeNull();
  }
});

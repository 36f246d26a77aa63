import { expect, test } from '@playwright/test';
import { BUDGET_BYTES, COLLECTOR_BUDGET_BYTES, formatTable, runJsBudget } from '../../bench/js-budget-run';

/**
 * The regression guard behind `npm run bench:js`: gzip bytes of the scripts a page loads are the
 * same for the same build on any machine, so unlike a timing this can fail `npm test` reliably.
 */
test('every public page loads at most 15 KB more gzip JavaScript than an empty Next.js page', async ({ browser }, testInfo) => {
  // The first run builds the empty Next.js app (about a minute on 2 cores); later runs reuse it.
  test.setTimeout(600_000);
  const report = await runJsBudget(browser, { log: (message) => console.warn(message) });
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
    expect(page.scriptsBeforeInteraction, `${page.path} loads scripts before any interaction`).toBe(0);
    expect(page.collector, `${page.path} loads the Web Vitals collector`).toMatchObject({ requestedAfterLoad: true });
    expect(page.collector!.gzipBytes).toBeLessThanOrEqual(COLLECTOR_BUDGET_BYTES);
  }
});

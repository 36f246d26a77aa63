import { expect, test, type Browser, type Page } from '@playwright/test';
import { anonymousHtml, openSection, signInToDashboard, toast } from './admin-ui';
import { requirePostgres, startCluster } from './cluster';

/**
 * Two production instances on one PostgreSQL database (ADR 014): an admin edit made on either is
 * what an anonymous visitor of the other gets, through HTTP only, by the instances' cache sync.
 */
requirePostgres();

const POLL_MS = 50;
/**
 * The sync's own delay is a notification (milliseconds) or, when one is lost, the versions read
 * every second; the test prints the delays (about 0.1-0.4 s on a quiet machine). Here it allows for
 * a page render on a two-core machine that runs other specs beside this one: it is a check that
 * the edit arrives by the sync, not a timing (timings belong in benchmarks).
 */
const WITHIN_MS = 5000;

/** Polls a page every 50 ms until it holds `text`; returns how long that took after the save. */
async function delayUntil(url: string, path: string, text: string, savedAt: number): Promise<number> {
  for (;;) {
    if ((await anonymousHtml(url, path)).includes(text)) return Date.now() - savedAt;
    if (Date.now() - savedAt > 3 * WITHIN_MS) throw new Error(`${url}${path} never showed "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function dashboard(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInToDashboard(page, url);
  return page;
}

test('an admin edit on one instance reaches the anonymous visitors of the other, by the cache sync', async ({ browser }) => {
  test.setTimeout(180_000);
  const cluster = await startCluster(2);
  const [a, b] = cluster.servers as [(typeof cluster.servers)[0], (typeof cluster.servers)[0]];
  try {
    // Every page cached on both instances (Next's cache and the micro-cache) before the edits.
    for (const server of [a, b])
      for (const path of ['/', '/rates', '/blog']) for (let i = 0; i < 2; i++) await anonymousHtml(server.url, path);
    const onA = await dashboard(browser, a.url);
    const onB = await dashboard(browser, b.url);
    const delays: Record<string, number> = {};

    // Site content, saved on A, read on B.
    await openSection(onA, 'Site Content');
    await onA.locator('#panel-hero').getByLabel('Secondary Button Text').fill('Talk to a Loan Officer');
    await onA.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(toast(onA)).toContainText('✅ Content Saved!');
    delays['content (A -> B)'] = await delayUntil(b.url, '/', 'Talk to a Loan Officer', Date.now());

    // A rate, saved on B, read on A.
    await openSection(onB, 'Rates');
    const rate = onB.getByTestId('rate-row').first();
    await rate.getByLabel('Notes').fill('Draws released within 48 hours.');
    await rate.getByLabel('Term').focus(); // leaving Notes saves it
    await expect(rate.getByRole('status')).toHaveText('Saved.');
    delays['rate (B -> A)'] = await delayUntil(a.url, '/rates', 'Draws released within 48 hours.', Date.now());

    // A blog post, added on A, read on B.
    await openSection(onA, 'Blog');
    await onA.getByRole('button', { name: 'Add New Post' }).click();
    await onA.getByLabel('Post Title').fill('Budgeting for Change Orders');
    await onA.locator('.ProseMirror').click();
    await onA.keyboard.type('Set aside ten percent.');
    await onA.getByRole('button', { name: 'Add Post' }).click();
    await expect(toast(onA)).toContainText('✅ Blog Post Added!');
    delays['post (A -> B)'] = await delayUntil(b.url, '/blog', 'Budgeting for Change Orders', Date.now());

    console.warn(`Edit to the other instance's anonymous visitor: ${JSON.stringify(delays)} ms`);
    for (const [edit, delay] of Object.entries(delays)) expect(delay, edit).toBeLessThanOrEqual(WITHIN_MS);
    // And each writer's own visitors see it at once.
    expect(await anonymousHtml(a.url, '/')).toContain('Talk to a Loan Officer');
    expect(await anonymousHtml(b.url, '/rates')).toContain('Draws released within 48 hours.');
    expect(await anonymousHtml(a.url, '/blog')).toContain('Budgeting for Change Orders');
  } finally {
    await cluster.stop();
  }
});

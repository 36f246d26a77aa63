import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdCopyFinding } from '../../lib/compliance/ad-copy';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { seedIfEmpty } from '../../lib/setup/seed.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * The ad-copy checker in the editors' Server Actions (issue 31), on a real database: each save
 * answers its warnings and is never refused for them; a dismissal is stored once, logged once,
 * hides its warning on every instance until the words change, and only the content roles may
 * dismiss. Only Next's request-bound parts stand in: the session, headers and tag expiry.
 */

const state = vi.hoisted(() => ({ session: null as object | null, db: null as unknown }));
vi.mock('../../lib/auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../lib/db/index.server', () => ({ getDb: async () => state.db }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));
vi.mock('next/cache', async (original) => ({
  ...(await original<typeof import('next/cache')>()),
  updateTag: () => undefined,
  refresh: () => undefined,
}));
vi.mock('../../lib/log.server', () => ({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }));

const { saveContentAction, restoreRevisionAction } = await import('../../lib/content/actions/content');
const { updateRateAction } = await import('../../lib/rates/actions/rates');
const { createPostAction, updatePostAction } = await import('../../lib/posts/actions/posts');
const { dismissAdCopyWarningAction } = await import('../../lib/compliance/actions/ad-copy');
const { readContentForEdit } = await import('../../lib/content/mutations.server');
const { adCopyCounts, contentAdCopy } = await import('../../lib/compliance/findings.server');
const { readRates } = await import('../../lib/rates/queries.server');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const session = (role: string, id = 'admin') => ({
  id: `s-${id}`,
  authenticatedAt: new Date().toISOString(),
  account: { id, email: id === 'admin' ? null : `${id}@example.com`, name: id, role },
});

async function prepared(db: DB): Promise<DB> {
  await migrateToLatest(db);
  await seedIfEmpty(db, new Date('2026-11-01T00:00:00Z'));
  return db;
}

/** The database as two instances see it: one handle on SQLite, two connection pools on PostgreSQL. */
async function sqlite(): Promise<[DB, DB]> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  const db = await prepared(handle.db);
  return [db, db];
}

async function postgres(adminUrl: string): Promise<[DB, DB]> {
  const handle = await tempPostgres(adminUrl);
  cleanups.push(handle.cleanup);
  const other = connect({ kind: 'postgres', url: handle.url });
  cleanups.push(() => other.destroy());
  return [await prepared(handle.db), other];
}

async function open(engine: () => Promise<[DB, DB]>) {
  const [db, other] = await engine();
  Object.assign(state, { db, session: session('owner') });
  return { db, other };
}

const okData = <T>(result: { ok: true; data: T } | { ok: false; title: string }): T => {
  if (!result.ok) throw new Error(`refused: ${result.title}`);
  return result.data;
};

const places = (findings: AdCopyFinding[]) => findings.map((f) => [f.rule, f.path]);
const activity = (db: DB) =>
  db
    .selectFrom('activity_log')
    .select(['actor_id', 'action', 'target', 'detail'])
    .where('action', '=', 'ad_copy_warning_dismissed')
    .execute();

async function saveContent(db: DB, change: (content: Awaited<ReturnType<typeof readContentForEdit>>['content']) => void) {
  const { content, revision } = await readContentForEdit(db);
  change(content);
  return saveContentAction({ content, revision });
}

describe.each(testEngines(sqlite, postgres))('the ad-copy checker on %s', (_engine, engine) => {
  it("flags the spec's defaults on a content save, which it never blocks", async () => {
    const { db } = await open(engine);
    const result = await saveContent(db, (content) => void (content.hero.subtitle = 'No credit check, no hassle.'));
    const saved = okData(result);
    expect(result).toMatchObject({ ok: true, title: '✅ Content Saved!' });
    expect((await readContentForEdit(db)).content.hero.subtitle).toBe('No credit check, no hassle.');
    expect(places(saved.adCopy)).toEqual([
      ['no-credit-check', 'hero.subtitle'],
      ['trigger-terms', 'loanTypes.loans.3.features.1'],
      ['approval-promise', 'pricing.plans.0.features.1.text'],
      ['approval-promise', 'pricing.plans.1.features.1.text'],
      ['approval-promise', 'site.footer.services.3'],
    ]);
    expect(saved.adCopy[0]).toMatchObject({
      citation: expect.stringContaining('12 CFR 1014.3'),
      excerpt: 'No credit check, no hassle.',
    });
    // A restore is a save too.
    expect(places(okData(await restoreRevisionAction({ revision: 1 })).adCopy)).toHaveLength(4);
  });

  it('stores a dismissal once, logs it once, and hides it on every instance until the words change', async () => {
    const { db, other } = await open(engine);
    state.session = session('editor', 'u-editor');
    const findings = await contentAdCopy(db, (await readContentForEdit(db)).content);
    const plan = findings.find((f) => f.path === 'pricing.plans.0.features.1.text')!;

    expect(await dismissAdCopyWarningAction({ key: plan.key, note: 'Our lender partners pre-commit.' })).toMatchObject({
      ok: true,
      title: 'Warning Dismissed',
      data: { key: plan.key },
    });
    expect(await dismissAdCopyWarningAction({ key: plan.key })).toMatchObject({ ok: true });
    expect(await db.selectFrom('ad_copy_dismissals').selectAll().execute()).toEqual([
      { key: plan.key, dismissed_by: 'u-editor', dismissed_at: expect.any(String), note: 'Our lender partners pre-commit.' },
    ]);
    const entries = await activity(db);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: 'u-editor', target: plan.key });
    expect(JSON.parse(entries[0]!.detail)).toEqual({ rule: 'approval-promise', path: 'pricing.plans.0.features.1.text' });

    // The other instance hides it too; the same words elsewhere are still flagged.
    const seen = await contentAdCopy(other, (await readContentForEdit(other)).content);
    expect(seen.map((f) => f.key)).not.toContain(plan.key);
    expect(seen.map((f) => f.path)).toContain('pricing.plans.1.features.1.text');

    // A save answers without it; new words at the same place are a new warning.
    const unchanged = okData(await saveContent(db, (content) => void (content.hero.badge = '41 Years Experience')));
    expect(unchanged.adCopy.map((f) => f.key)).not.toContain(plan.key);
    const reworded = okData(
      await saveContent(db, (content) => void (content.pricing.plans[0]!.features[1]!.text = 'Approval guaranteed')),
    );
    expect(reworded.adCopy.find((f) => f.path === plan.path)).toMatchObject({
      rule: 'approval-promise',
      excerpt: 'Approval guaranteed',
    });
  });

  it('dismisses only for the content roles, and only keys the checker makes', async () => {
    const { db } = await open(engine);
    // What the Overview tells the owner of a new site: the defaults' and the seed posts' warnings.
    expect(await adCopyCounts(db)).toEqual({ content: 4, rates: 0, posts: 2 });
    const [finding] = await contentAdCopy(db, (await readContentForEdit(db)).content);
    const key = finding!.key;

    state.session = null;
    expect(await dismissAdCopyWarningAction({ key })).toMatchObject({ ok: false, title: 'Signed Out' });
    state.session = session('loan_officer', 'u-officer');
    // Refused with Next's forbidden(), which throws.
    await expect(dismissAdCopyWarningAction({ key })).rejects.toThrow();
    state.session = session('owner');
    for (const input of [{ key: 'made-up:hero.title:0123456789abcdef' }, { key: `${key}x` }, { key, note: 'x'.repeat(501) }])
      expect(await dismissAdCopyWarningAction(input)).toMatchObject({ ok: false, title: '❌ Not Dismissed' });
    expect(await db.selectFrom('ad_copy_dismissals').selectAll().execute()).toEqual([]);
    expect(await activity(db)).toEqual([]);
  });

  it('answers a rate’s and a post’s warnings with their save', async () => {
    const { db } = await open(engine);
    const [rate] = await readRates(db);
    const savedRate = okData(await updateRateAction({ ...rate!, notes: 'Rates as low as 5.99% for owner-builders.' }));
    expect(savedRate.rate.notes).toBe('Rates as low as 5.99% for owner-builders.');
    expect(savedRate.adCopy.map((f) => [f.rule, f.path, f.label])).toEqual([
      ['rate-without-apr', `rates.${rate!.id}.notes`, 'Rate “Residential” › Notes'],
    ]);

    const post = {
      title: 'Build now, pay later',
      excerpt: 'Guaranteed approval for every build.',
      bodyHtml: '<p>Only $2,150/month during construction.</p><p>Approval is not guaranteed.</p>',
      imageUrl: '',
      category: 'News',
      author: 'Owner',
      date: '2026-11-21',
    };
    const created = okData(await createPostAction(post));
    expect(places(created.adCopy)).toEqual([
      ['approval-promise', `posts.${created.post.id}.excerpt`],
      ['trigger-terms', `posts.${created.post.id}.bodyHtml`],
    ]);
    const updated = okData(
      await updatePostAction({
        ...post,
        id: created.post.id,
        excerpt: 'No guarantee of approval.',
        bodyHtml: '<p>Build with us.</p>',
      }),
    );
    expect(updated.adCopy).toEqual([]);
  });
});

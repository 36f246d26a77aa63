import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchivedPage } from '../../components/archive/archived-page';
import { recordArchiveBaselines } from '../../lib/archive/baseline.server';
import { archiveExport, type SnapshotRenderer } from '../../lib/archive/export.server';
import { archivedPages } from '../../lib/archive/pages';
import { siteAsOf } from '../../lib/archive/site-as-of.server';
import { archiveSize } from '../../lib/archive/versions.server';
import { readContentForEdit, saveContent } from '../../lib/content/mutations.server';
import { connect, type DB } from '../../lib/db/connect.server';
import { engineOf } from '../../lib/db/engine';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { zipStream } from '../../lib/http/zip-stream';
import { addLicense, removeLicense } from '../../lib/licenses/mutations.server';
import { licenseInputSchema } from '../../lib/licenses/schema';
import { removeProfile, saveProfile, type ProfileFields } from '../../lib/officers/mutations.server';
import { createPost, deletePost, updatePost } from '../../lib/posts/mutations.server';
import type { PostInput } from '../../lib/posts/schema';
import { reorderRates, updateRate } from '../../lib/rates/mutations.server';
import { readRates } from '../../lib/rates/queries.server';
import type { RateInput } from '../../lib/rates/schema';
import type { Rate } from '../../lib/rates/types';
import { runDailyRetention } from '../../lib/retention/daily-job.server';
import { seedIfEmpty } from '../../lib/setup/seed.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';
import { changeRole, removeAccount } from '../../lib/team/accounts.server';
import { collect, unzipped } from '../support/unzip';

/**
 * The ad archive (issue 31, point 5; Regulation N, 12 CFR 1014.5) on both engines: each save of a
 * source writes a version in its own transaction unless nothing changed, the site is rebuilt as of
 * any moment, the daily job keeps 24 months and the version live at their start, storage follows
 * edits and not reads, and the export's ZIP holds the pages as they were.
 */

const SEEDED = new Date('2026-11-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

type Handles = { db: DB; second: () => DB; cleanup: () => Promise<void> };

/**
 * A database on each engine, and a second handle on it: another instance on PostgreSQL; on SQLite,
 * which serves one process (ADR 002), the same handle, whose transactions take turns.
 */
const engines = testEngines<Handles>(
  async () => {
    const temp = tempSqlite();
    return { db: temp.db, second: () => temp.db, cleanup: temp.cleanup };
  },
  async (adminUrl) => {
    const temp = await tempPostgres(adminUrl);
    const extra: DB[] = [];
    return {
      db: temp.db,
      second: () => extra[extra.push(connect({ kind: 'postgres', url: temp.url })) - 1]!,
      cleanup: async () => {
        for (const db of extra) await db.destroy();
        await temp.cleanup();
      },
    };
  },
);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const inputOf = ({ type, rate, apr, rateKind, term, notes, icon }: Rate): RateInput => ({
  type,
  rate,
  apr,
  rateKind,
  term,
  notes,
  icon,
});

const versionCount = async (db: DB, source?: string) => {
  let query = db.selectFrom('archive_versions').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (source) query = query.where('source', '=', source);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

/** The versions table's bytes on disk, its indexes included: SQLite's pages, PostgreSQL's relation with its TOAST. */
async function tableBytes(db: DB): Promise<number> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await sql<{ bytes: string }>`select pg_total_relation_size('archive_versions') as bytes`.execute(db);
    return Number(rows[0]!.bytes);
  }
  const { rows } = await sql<{ bytes: number }>`
    select sum(pgsize) as bytes from dbstat where name = 'archive_versions' or name like 'archive_versions_%'
      or name like 'sqlite_autoindex_archive_versions_%'`.execute(db);
  return Number(rows[0]!.bytes);
}

/** The export's renderer in a test: the same component the admin's view renders, as a whole document. */
const render: SnapshotRenderer = async ({ site, path }) =>
  `<!doctype html><html><body>${renderToStaticMarkup(createElement(ArchivedPage, { site, path, paymentsEnabled: false }))}</body></html>`;

const post: PostInput = {
  title: 'Draw schedules explained',
  excerpt: 'How a construction loan pays your builder.',
  bodyHtml: '<p>Five draws, each after an inspection.</p>',
  imageUrl: '',
  category: 'Guides',
  author: 'Construction Loan Pros',
  date: '2026-11-03',
};

const officer = (overrides: Partial<ProfileFields> = {}): ProfileFields => ({
  displayName: 'Jane Doe',
  slug: '',
  title: 'Loan Officer',
  nmlsId: '654321',
  states: ['ID', 'TX'],
  languages: ['English'],
  phone: '',
  bio: '',
  published: true,
  ...overrides,
});

async function addLoanOfficer(db: DB, id: string) {
  const stamp = SEEDED.toISOString();
  await db
    .insertInto('admin_users')
    .values({
      id,
      email: `${id}@example.com`,
      name: id,
      role: 'loan_officer',
      password_hash: 'unused',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

describe.each(engines)('the ad archive (%s)', (_engine, open) => {
  /** Migrated and seeded as a new site is, with the archive's first versions as start-up records them. */
  async function archived(baselineAt = SEEDED): Promise<Handles> {
    const handles = await open();
    cleanups.push(handles.cleanup);
    await migrateToLatest(handles.db);
    await seedIfEmpty(handles.db, SEEDED);
    await recordArchiveBaselines(handles.db, baselineAt);
    return handles;
  }

  it('start-up archives what the site shows once; a second start adds nothing', async () => {
    const { db } = await archived();
    const first = await db.selectFrom('archive_versions').select(['source', 'source_id', 'at']).orderBy('source').execute();
    expect(first.map((v) => v.source)).toEqual(['content', 'licenses', 'post', 'post', 'rates']);
    expect(new Set(first.map((v) => v.at))).toEqual(new Set([SEEDED.toISOString()]));
    expect(await recordArchiveBaselines(db, at('2026-11-05T00:00:00Z'))).toBe(0);
    expect(await versionCount(db)).toBe(5);
  });

  it('a rates edit makes a version; saving the same rates again makes none; the site before the edit has the old rate', async () => {
    const { db } = await archived();
    const [first] = await readRates(db);
    const before = first!.rate;
    expect(await versionCount(db, 'rates')).toBe(1);

    await updateRate(db, first!.id, { ...inputOf(first!), rate: '5.25%', apr: '5.50%' }, at('2026-11-10T09:00:00Z'));
    expect(await versionCount(db, 'rates')).toBe(2);
    // The same values saved again the same day (the editor saves as the owner leaves a field): no version.
    const [edited] = await readRates(db);
    await updateRate(db, first!.id, inputOf(edited!), at('2026-11-10T15:30:00Z'));
    await reorderRates(
      db,
      (await readRates(db)).map((r) => r.id),
      at('2026-11-10T16:00:00Z'),
    );
    expect(await versionCount(db, 'rates')).toBe(2);

    const old = await siteAsOf(db, '2026-11-10T08:59:59.999Z');
    expect(old.rates?.list[0]).toMatchObject({ id: first!.id, rate: before });
    expect(old.rates?.changedOn).toBe('2026-11-01');
    const now = await siteAsOf(db, '2026-11-10T09:00:00Z');
    expect(now.rates?.list[0]).toMatchObject({ rate: '5.25%', apr: '5.50%' });
    expect(now.rates?.changedOn).toBe('2026-11-10');
    // Before the archive's first version there is nothing to show, rather than today's page.
    const earlier = await siteAsOf(db, '2026-10-31T23:59:59Z');
    expect(earlier).toMatchObject({ content: null, rates: null, licenses: null, posts: [] });
    expect(archivedPages(earlier)).toEqual([]);
  });

  it('posts and licenses: each write is a version, a deletion too; the site then shows what was live', async () => {
    const { db } = await archived();
    const created = await createPost(db, post, at('2026-11-03T10:00:00Z'));
    await updatePost(db, created.id, { ...post, title: 'Draw schedules, explained' }, at('2026-11-04T10:00:00Z'));
    await deletePost(db, created.id, at('2026-11-05T10:00:00Z'));
    const texas = licenseInputSchema.parse({
      state: 'TX',
      type: 'Residential Mortgage Loan Company License',
      number: '1234567',
      regulatorName: 'Texas Department of Savings and Mortgage Lending',
    });
    const license = await addLicense(db, texas, at('2026-11-03T11:00:00Z'));
    if (license === 'duplicate') throw new Error('not added');
    await removeLicense(db, license.id, at('2026-11-06T11:00:00Z'));

    expect(await versionCount(db, 'post')).toBe(2 + 3);
    const third = await siteAsOf(db, '2026-11-03T12:00:00Z');
    expect(third.posts.map((p) => p.title)).toEqual(['Draw schedules explained', ...third.posts.slice(1).map((p) => p.title)]);
    expect(third.licenses?.map((l) => l.number)).toEqual(['1234567']);
    expect(archivedPages(third).map((p) => p.path)).toContain('/blog/draw-schedules-explained');
    const fourth = await siteAsOf(db, '2026-11-04T12:00:00Z');
    expect(fourth.posts[0]?.title).toBe('Draw schedules, explained');
    const seventh = await siteAsOf(db, '2026-11-07T00:00:00Z');
    expect(seventh.posts.map((p) => p.id)).not.toContain(created.id);
    expect(seventh.licenses).toEqual([]);
  });

  it('loan officer profiles: each edit of a published one is a version; the team pages then show what was live', async () => {
    const { db } = await archived();
    await addLoanOfficer(db, 'lo-jane');
    await addLoanOfficer(db, 'lo-bo');
    await saveProfile(db, 'lo-jane', officer(), at('2026-11-03T10:00:00Z'));
    // Unpublished: no page shows it, so the archive has nothing of it.
    await saveProfile(
      db,
      'lo-bo',
      officer({ displayName: 'Bo Hidden', nmlsId: '222', published: false }),
      at('2026-11-03T10:00:00Z'),
    );
    expect(await versionCount(db, 'officers')).toBe(1);

    await saveProfile(db, 'lo-jane', officer({ title: 'Senior Loan Officer' }), at('2026-11-04T10:00:00Z'));
    expect(await versionCount(db, 'officers')).toBe(2);
    // "Away" is routing's, on no page: saving it alone makes no version.
    await saveProfile(db, 'lo-jane', officer({ title: 'Senior Loan Officer', away: true }), at('2026-11-04T11:00:00Z'));
    expect(await versionCount(db, 'officers')).toBe(2);
    await removeProfile(db, 'lo-jane', at('2026-11-06T10:00:00Z'));
    expect(await versionCount(db, 'officers')).toBe(3);

    const third = await siteAsOf(db, '2026-11-03T12:00:00Z');
    expect(third.officers.map((o) => [o.accountId, o.title])).toEqual([['lo-jane', 'Loan Officer']]);
    expect(archivedPages(third).map((p) => p.path)).toEqual(expect.arrayContaining(['/team', '/team/jane-doe']));
    expect(archivedPages(third).map((p) => p.path)).not.toContain('/team/bo-hidden');
    const page = renderToStaticMarkup(
      createElement(ArchivedPage, { site: third, path: '/team/jane-doe', paymentsEnabled: false }),
    );
    expect(page).toContain('Jane Doe');
    expect(page).toContain('654321');
    expect(page).not.toContain('Senior Loan Officer');
    const team = renderToStaticMarkup(createElement(ArchivedPage, { site: third, path: '/team', paymentsEnabled: false }));
    expect(team).toContain('href="/team/jane-doe"');
    expect(team).not.toContain('Bo Hidden');

    expect((await siteAsOf(db, '2026-11-05T00:00:00Z')).officers[0]?.title).toBe('Senior Loan Officer');
    const seventh = await siteAsOf(db, '2026-11-07T00:00:00Z');
    expect(seventh.officers).toEqual([]);
    expect(archivedPages(seventh).map((p) => p.path)).toContain('/team');
    expect(archivedPages(seventh).map((p) => p.path)).not.toContain('/team/jane-doe');

    // Published later: in the site from then on, not before.
    await saveProfile(db, 'lo-bo', officer({ displayName: 'Bo Hidden', nmlsId: '222' }), at('2026-11-08T10:00:00Z'));
    expect((await siteAsOf(db, '2026-11-08T09:59:59Z')).officers).toEqual([]);
    expect((await siteAsOf(db, '2026-11-08T10:00:00Z')).officers.map((o) => o.slug)).toEqual(['bo-hidden']);
  });

  it('a profile leaves the team pages, in the archive too, when its account stops originating or is removed', async () => {
    const { db } = await archived();
    await addLoanOfficer(db, 'lo-jane');
    await addLoanOfficer(db, 'lo-bo');
    await saveProfile(db, 'lo-jane', officer(), at('2026-11-03T10:00:00Z'));
    await saveProfile(db, 'lo-bo', officer({ displayName: 'Bo Builder', nmlsId: '222' }), at('2026-11-03T10:00:00Z'));
    await db.transaction().execute((trx) => changeRole(trx, 'lo-jane', 'editor', at('2026-11-04T10:00:00Z')));
    await db.transaction().execute((trx) => removeAccount(trx, 'lo-bo', at('2026-11-05T10:00:00Z')));
    const slugs = async (when: string) => (await siteAsOf(db, when)).officers.map((o) => o.slug);
    expect(await slugs('2026-11-03T12:00:00Z')).toEqual(['bo-builder', 'jane-doe']);
    expect(await slugs('2026-11-04T12:00:00Z')).toEqual(['bo-builder']);
    expect(await slugs('2026-11-05T12:00:00Z')).toEqual([]);
  });

  it('start-up archives a published profile an earlier release wrote, dated its last change', async () => {
    const { db } = await archived();
    await addLoanOfficer(db, 'lo-jane');
    await saveProfile(db, 'lo-jane', officer(), at('2026-11-03T10:00:00Z'));
    // As an earlier release left it: the profile, no version.
    await db.deleteFrom('archive_versions').where('source', '=', 'officers').execute();
    expect(await recordArchiveBaselines(db, at('2026-11-05T00:00:00Z'))).toBe(1);
    const [version] = await db
      .selectFrom('archive_versions')
      .select(['source_id', 'at'])
      .where('source', '=', 'officers')
      .execute();
    expect(version).toEqual({ source_id: 'lo-jane', at: '2026-11-03T10:00:00.000Z' });
    expect(await recordArchiveBaselines(db, at('2026-11-06T00:00:00Z'))).toBe(0);
  });

  it('two rates edited at once from two instances: the last version holds both edits', async () => {
    const { db, second } = await archived();
    const other = second();
    const [a, b] = await readRates(db);
    await Promise.all([
      updateRate(db, a!.id, { ...inputOf(a!), notes: 'Edited on the first instance.' }, at('2026-11-10T09:00:00Z')),
      updateRate(other, b!.id, { ...inputOf(b!), notes: 'Edited on the second instance.' }, at('2026-11-10T09:00:00Z')),
    ]);
    const versions = await db.selectFrom('archive_versions').select('at').where('source', '=', 'rates').orderBy('at').execute();
    expect(versions).toHaveLength(3);
    // Strictly increasing: the order of versions is the order of commits.
    expect(new Set(versions.map((v) => v.at)).size).toBe(3);
    const latest = await siteAsOf(db, '2026-11-11T00:00:00Z');
    expect(latest.rates?.list.slice(0, 2).map((r) => r.notes)).toEqual([
      'Edited on the first instance.',
      'Edited on the second instance.',
    ]);
  });

  it('the daily job keeps 24 months, and the version that was live at their start', async () => {
    const { db } = await archived(at('2024-01-01T00:00:00Z'));
    const [first] = await readRates(db);
    const edit = (rate: string, when: string) => updateRate(db, first!.id, { ...inputOf(first!), rate, apr: '9.00%' }, at(when));
    await edit('6.00%', '2024-06-01T00:00:00Z');
    await edit('6.50%', '2025-06-01T00:00:00Z');
    const gone = await createPost(db, { ...post, title: 'An old promotion' }, at('2024-02-01T00:00:00Z'));
    await deletePost(db, gone.id, at('2024-03-01T00:00:00Z'));

    const now = at('2026-11-20T03:00:00Z');
    const run = await runDailyRetention(db, { now, activityLogMonths: 24 });
    // The rates' baseline (2024-01-01) and the post's two versions went; the 2024-06-01 rates stay.
    expect(run).toMatchObject({ ran: true, finished: true, counts: { archiveVersions: 3 } });
    const cutoff = await siteAsOf(db, '2024-11-20T03:00:00Z');
    expect(cutoff.rates?.list[0]?.rate).toBe('6.00%');
    expect(cutoff.content).not.toBeNull();
    expect(cutoff.posts.map((p) => p.id)).not.toContain(gone.id);
    expect((await siteAsOf(db, '2026-01-01T00:00:00Z')).rates?.list[0]?.rate).toBe('6.50%');
    // Nothing the window needs is left to go: the next run deletes nothing.
    const next = await runDailyRetention(db, { now: at('2026-11-21T03:00:00Z'), activityLogMonths: 24 });
    expect(next).toMatchObject({ counts: { archiveVersions: 0 } });
  });

  it('storage grows with edits, not with reads: 1,000 content edits of one field each', async () => {
    const { db } = await archived();
    const start = await tableBytes(db);
    const sizes: number[] = [];
    let { content, revision } = await readContentForEdit(db);
    for (let i = 1; i <= 1000; i++) {
      const next = { ...content, hero: { ...content.hero, subtitle: `Construction loans, edit ${i}.` } };
      const saved = await saveContent(db, next, revision, { now: new Date(SEEDED.getTime() + i * 60_000) });
      if (!saved.ok) throw new Error(`edit ${i} not saved`);
      ({ content, revision } = saved);
      if (i % 250 === 0) sizes.push(await tableBytes(db));
    }
    expect(await versionCount(db, 'content')).toBe(1001);
    const edited = await tableBytes(db);
    // Roughly linear in the edits: each quarter adds about as much as the others.
    const steps = sizes.map((size, i) => size - (i === 0 ? start : sizes[i - 1]!));
    for (const step of steps) expect(step).toBeGreaterThan(0);
    expect(Math.max(...steps) / Math.min(...steps)).toBeLessThan(2);

    // Reading it back (the admin's views, an export's moments) adds nothing.
    for (let i = 0; i < 200; i++) await siteAsOf(db, new Date(SEEDED.getTime() + i * 5 * 60_000 + 30_000));
    const [saved] = await db
      .selectFrom('archive_versions')
      .select(['document'])
      .where('source', '=', 'content')
      .orderBy('at', 'desc')
      .limit(1)
      .execute();
    await saveContent(db, content, revision, { now: at('2026-12-01T00:00:00Z') });
    expect(await tableBytes(db)).toBe(edited);
    expect(await versionCount(db, 'content')).toBe(1001);

    const { documentChars } = await archiveSize(db);
    console.warn(
      `[ad archive, ${engineOf(db)}] 1,000 one-field content edits: versions table ${start} → ${edited} bytes ` +
        `(+${Math.round((edited - start) / 1000)} bytes an edit; a content document is ${saved!.document.length} characters; ` +
        `documents ${documentChars} characters in all).`,
    );
  });

  it('the ZIP export holds the rates page as it was before an edit, and after it, with the versions as JSON', async () => {
    const { db } = await archived();
    const [first] = await readRates(db);
    await updateRate(db, first!.id, { ...inputOf(first!), rate: '5.25%', apr: '5.50%' }, at('2026-11-10T09:00:00Z'));

    const archive = await collect(
      zipStream(archiveExport(db, { from: at('2026-11-05T00:00:00Z'), to: at('2026-11-12T00:00:00Z') }, render)),
    );
    const files = await unzipped(archive);
    const names = [...files.keys()];
    expect(names[0]).toBe('README.txt');
    expect(names).toContain('versions.json');
    expect(names.at(-1)).toBe('index.html');

    const before = files.get('snapshots/2026-11-05T00-00-00.000Z/rates.html')!.toString('utf8');
    expect(before).toContain(`data-rate-figure="rate">${first!.rate}<`);
    expect(before).not.toContain('5.25%');
    expect(before).toContain('Last updated: November 1, 2026');
    // The start of the range has every page; the edit's moment only those the rates are on.
    expect(names.filter((n) => n.startsWith('snapshots/2026-11-05T00-00-00.000Z/'))).toEqual(
      expect.arrayContaining(
        ['index.html', 'rates.html', 'licenses.html', 'blog.html'].map((f) => `snapshots/2026-11-05T00-00-00.000Z/${f}`),
      ),
    );
    // The calculators start from the first rate, so they are there too.
    expect(names.filter((n) => n.startsWith('snapshots/2026-11-10T09-00-00.000Z/')).sort()).toEqual(
      [
        'calculators/construction-interest.html',
        'calculators/construction-to-permanent.html',
        'calculators/debt-to-income.html',
        'calculators/maximum-loan.html',
        'index.html',
        'licenses.html',
        'rates.html',
      ].map((f) => `snapshots/2026-11-10T09-00-00.000Z/${f}`),
    );
    const after = files.get('snapshots/2026-11-10T09-00-00.000Z/rates.html')!.toString('utf8');
    expect(after).toContain('data-rate-figure="rate">5.25%<');

    const versions = JSON.parse(files.get('versions.json')!.toString('utf8')) as {
      source: string;
      at: string;
      document: unknown;
    }[];
    const rates = versions.filter((v) => v.source === 'rates');
    expect(rates.map((v) => v.at)).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-10T09:00:00.000Z']);
    expect(rates[1]!.document).toMatchObject({
      changedOn: '2026-11-10',
      rates: expect.arrayContaining([expect.objectContaining({ id: first!.id, rate: '5.25%' })]),
    });
    expect(files.get('index.html')!.toString('utf8')).toContain('href="snapshots/2026-11-10T09-00-00.000Z/rates.html"');
  });

  it('refuses a bad source id and a range that ends before it starts, writing nothing', async () => {
    const { db } = await archived();
    const { recordArchiveVersion } = await import('../../lib/archive/record.server');
    await expect(recordArchiveVersion(db, 'rates', '', [], SEEDED)).rejects.toThrow('1 to 64 characters');
    await expect(recordArchiveVersion(db, 'nope' as never, 'site', [], SEEDED)).rejects.toThrow('Unknown archive source');
    const entries = archiveExport(db, { from: at('2026-11-12T00:00:00Z'), to: at('2026-11-05T00:00:00Z') }, render);
    await expect(entries.next()).rejects.toThrow('The start must not be after the end.');
    expect(await versionCount(db)).toBe(5);
  });
});

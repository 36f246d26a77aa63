import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { leadFilterSchema } from '../../lib/leads/admin/filter';
import { leadPageQuery } from '../../lib/leads/admin/queries.server';
import { walkedSearch, WALK_SIZES } from '../../lib/leads/admin/search-walk.server';
import { leadSearchText } from '../../lib/leads/search-text';
import { engines } from '../support/engines';
import { generateLeads, insertLeads } from '../support/generate-leads';

/**
 * PostgreSQL's first page of a search (lib/leads/admin/search-walk.server.ts): a common text is
 * found by walking the list in order, a rare one by the trigram index, and both give the same
 * leads, in the same order, as every match sorted. The walk's sizes are scaled down to the few
 * thousand leads here; at a million the same code runs with WALK_SIZES (npm run bench:leads).
 */

const leads = generateLeads(3_000);
const inbox = leads.filter((lead) => !lead.isSpam);
const matching = (text: string, within = inbox) => within.filter((lead) => leadSearchText(lead).includes(text));
const filter = (input: Record<string, unknown>) => ({ ...leadFilterSchema.parse(input), me: 'genofficer1', today: '2026-11-21' });
const scaled = { ...WALK_SIZES, first: 200, firstHits: 5, share: 5, max: 600, minFolder: 1_000 };

describe.each(engines)('the first page of a search on %s', (engine, open) => {
  let db: DB;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await open());
    await insertLeads(db, leads);
  }, 60_000);
  afterAll(() => cleanup());

  if (engine === 'SQLite') {
    it("is left to SQLite's own trigram probe", async () => {
      expect(await walkedSearch(db, filter({ q: 'garcia' }), { page: 6, cap: 10 }, scaled)).toBeNull();
    });
    return;
  }
  const ids = (list: typeof leads) => list.map((lead) => lead.id);
  /** Where the folder's longer walk stops with the scaled sizes: one lead in 5, at most 600. */
  const longer = Math.min(scaled.max, Math.round(inbox.length / scaled.share));

  it('walks the list in order for a common text and stops at the cap', async () => {
    const truth = matching('garcia');
    expect(truth.length).toBeGreaterThan(100);
    const found = await walkedSearch(db, filter({ q: 'GARCIA' }), { page: 6, cap: 10 }, scaled);
    expect(found).toEqual({ ids: ids(truth.slice(0, 6)), count: 10, more: true, via: 'walk' });
  });

  it('walks on past the first walk when the text is found there often enough', async () => {
    // Found 5-40 times in the first 200 leads: not the 41 that show more than 40, but enough to walk on.
    const truth = matching('moore');
    const inFirst = truth.filter((lead) => inbox.indexOf(lead) < scaled.first).length;
    expect(inFirst).toBeGreaterThanOrEqual(scaled.firstHits);
    expect(inFirst).toBeLessThanOrEqual(40);
    const found = await walkedSearch(db, filter({ q: 'moore' }), { page: 6, cap: 40 }, scaled);
    expect(found).toEqual({ ids: ids(truth.slice(0, 6)), count: 40, more: true, via: 'walk' });
  });

  it('counts what the longer walk found, marked as more, when it found the page but not the cap', async () => {
    const truth = matching('moore');
    const inWalk = truth.filter((lead) => inbox.indexOf(lead) < longer).length;
    expect(inWalk).toBeGreaterThanOrEqual(6);
    expect(inWalk).toBeLessThan(100);
    const found = await walkedSearch(db, filter({ q: 'moore' }), { page: 6, cap: 100 }, scaled);
    expect(found).toEqual({ ids: ids(truth.slice(0, 6)), count: inWalk, more: true, via: 'walk' });
  });

  it('asks the trigram index for a rare text, and counts its matches exactly', async () => {
    const text = inbox[1_234]!.email.slice(0, 12);
    const truth = matching(text);
    expect(truth.length).toBeLessThanOrEqual(10);
    const found = await walkedSearch(db, filter({ q: text }), { page: 6, cap: 10 }, scaled);
    expect(found).toEqual({ ids: ids(truth.slice(0, 6)), count: truth.length, more: false, via: 'index' });
    // A phone's digits, typed with separators.
    const phone = inbox[2_000]!.phone;
    const byPhone = await walkedSearch(db, filter({ q: phone }), { page: 6, cap: 10 }, scaled);
    expect(byPhone?.ids).toEqual(ids(matching(phone.replace(/\D/g, '')).slice(0, 6)));
  });

  it('counts exactly when the walk reads every lead of the filter', async () => {
    // One day of ebooks: fewer leads than a first walk of 1,000 reads.
    const day = inbox.filter((lead) => lead.kind === 'ebook' && lead.createdAt.startsWith('2026-11-20'));
    expect(day.length).toBeLessThan(1_000);
    const truth = matching('garcia', day);
    const found = await walkedSearch(
      db,
      filter({ q: 'garcia', kind: 'ebook', from: '2026-11-20', to: '2026-11-20' }),
      { page: 200, cap: 100 },
      { ...scaled, first: 1_000 },
    );
    expect(found).toEqual({ ids: ids(truth), count: truth.length, more: false, via: 'walk' });
  });

  it('keeps the kind and status of the filter, and the spam folder apart', async () => {
    const truth = matching('chen').filter((lead) => lead.kind === 'application' && lead.status === 'new');
    const found = await walkedSearch(db, filter({ q: 'chen', kind: 'application', status: 'new' }), { page: 6, cap: 10 }, scaled);
    expect(found?.ids).toEqual(ids(truth.slice(0, 6)));
    const spam = matching(
      'a',
      leads.filter((lead) => lead.isSpam),
    );
    const inSpam = await walkedSearch(
      db,
      filter({ q: 'a', status: 'spam' }),
      { page: 500, cap: 500 },
      { ...scaled, minFolder: 10 },
    );
    expect(inSpam).toMatchObject({ ids: ids(spam), count: spam.length, more: false });
  });

  it('leaves filters without an ordered index carrying the search, and small folders, to the planner', async () => {
    const sizes = { page: 6, cap: 10 };
    expect(await walkedSearch(db, filter({ q: 'garcia', source: 'google' }), sizes, scaled)).toBeNull();
    expect(await walkedSearch(db, filter({ q: 'garcia', assignee: 'me' }), sizes, scaled)).toBeNull();
    expect(await walkedSearch(db, filter({ q: 'garcia' }), sizes, { ...scaled, minFolder: 10_000 })).toBeNull();
  });

  it('walks from a Next cursor, for common and rare texts alike, and counts the whole search', async () => {
    const truth = matching('garcia');
    const cursor = { createdAt: truth[9]!.createdAt, id: truth[9]!.id };
    const next = await walkedSearch(db, filter({ q: 'garcia' }), { page: 6, cap: 10, after: cursor }, scaled);
    expect(next).toEqual({ ids: ids(truth.slice(10, 16)), count: 10, more: true, via: 'walk' });
    // A rare text past its first match: one read of the trigram index gives the page and the count.
    const text = inbox[1_234]!.email.slice(0, 10);
    const rare = matching(text);
    expect(rare.length).toBeGreaterThan(1);
    expect(rare.length).toBeLessThanOrEqual(20);
    const after = { createdAt: rare[0]!.createdAt, id: rare[0]!.id };
    const rest = await walkedSearch(db, filter({ q: text }), { page: 6, cap: 20, after }, scaled);
    expect(rest).toEqual({ ids: ids(rare.slice(1, 7)), count: rare.length, more: false, via: 'index' });
    // Past its last match: no page, and still the whole count.
    const last = rare.at(-1)!;
    const beyond = await walkedSearch(
      db,
      filter({ q: text }),
      { page: 6, cap: 20, after: { createdAt: last.createdAt, id: last.id } },
      scaled,
    );
    expect(beyond).toEqual({ ids: [], count: rare.length, more: false, via: 'index' });
  });

  it('reads the page of the ids it found, in list order', async () => {
    const found = await walkedSearch(db, filter({ q: 'garcia' }), { page: 26, cap: 100 }, scaled);
    const page = await leadPageQuery(db, filter({ q: 'garcia' }), 26, { offset: 0 }, { ids: found!.ids }).execute();
    expect(page.map((row) => row.id)).toEqual(ids(matching('garcia').slice(0, 26)));
    expect(page[0]).not.toHaveProperty('full_count');
  });
});

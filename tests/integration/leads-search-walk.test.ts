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
      expect(await walkedSearch(db, filter({ q: 'garcia' }), 11, scaled)).toBeNull();
    });
    return;
  }

  it('walks the list in order for a common text and stops at the cap', async () => {
    const truth = matching('garcia');
    expect(truth.length).toBeGreaterThan(100);
    const found = await walkedSearch(db, filter({ q: 'GARCIA' }), 11, scaled);
    expect(found).toEqual({ ids: truth.slice(0, 11).map((lead) => lead.id), count: 11, via: 'walk' });
  });

  it('walks on past the first walk when the text is found there often enough', async () => {
    // Found 5-10 times in the first 200 leads: not the 11 asked for, but common enough to walk on.
    const truth = matching('moore');
    const inFirst = truth.filter((lead) => inbox.indexOf(lead) < 200).length;
    expect(inFirst).toBeGreaterThanOrEqual(5);
    expect(inFirst).toBeLessThan(41);
    const found = await walkedSearch(db, filter({ q: 'moore' }), 41, scaled);
    expect(found).toEqual({ ids: truth.slice(0, 41).map((lead) => lead.id), count: 41, via: 'walk' });
  });

  it('asks the trigram index for a rare text, and counts its matches exactly', async () => {
    const text = inbox[1_234]!.email.slice(0, 12);
    const truth = matching(text);
    expect(truth.length).toBeLessThan(11);
    const found = await walkedSearch(db, filter({ q: text }), 11, scaled);
    expect(found).toEqual({ ids: truth.map((lead) => lead.id), count: truth.length, via: 'index' });
    // A phone's digits, typed with separators.
    const phone = inbox[2_000]!.phone;
    const byPhone = await walkedSearch(db, filter({ q: phone }), 11, scaled);
    expect(byPhone?.ids).toEqual(matching(phone.replace(/\D/g, '')).map((lead) => lead.id));
  });

  it('counts exactly when the walk reads every lead of the filter', async () => {
    // One day of ebooks: fewer leads than a first walk of 1,000 reads.
    const day = inbox.filter((lead) => lead.kind === 'ebook' && lead.createdAt.startsWith('2026-11-20'));
    expect(day.length).toBeLessThan(1_000);
    const truth = matching('garcia', day);
    const found = await walkedSearch(db, filter({ q: 'garcia', kind: 'ebook', from: '2026-11-20', to: '2026-11-20' }), 101, {
      ...scaled,
      first: 1_000,
    });
    expect(found).toEqual({ ids: truth.map((lead) => lead.id), count: truth.length, via: 'walk' });
  });

  it('keeps the kind and status of the filter, and the spam folder apart', async () => {
    const truth = matching('chen').filter((lead) => lead.kind === 'application' && lead.status === 'new');
    const found = await walkedSearch(db, filter({ q: 'chen', kind: 'application', status: 'new' }), 11, scaled);
    expect(found?.ids).toEqual(truth.slice(0, 11).map((lead) => lead.id));
    const spam = matching(
      'a',
      leads.filter((lead) => lead.isSpam),
    );
    const inSpam = await walkedSearch(db, filter({ q: 'a', status: 'spam' }), 500, { ...scaled, minFolder: 10 });
    expect(inSpam?.ids).toEqual(spam.map((lead) => lead.id));
  });

  it('leaves filters without an ordered index carrying the search, and small folders, to the planner', async () => {
    expect(await walkedSearch(db, filter({ q: 'garcia', source: 'google' }), 11, scaled)).toBeNull();
    expect(await walkedSearch(db, filter({ q: 'garcia', assignee: 'me' }), 11, scaled)).toBeNull();
    expect(await walkedSearch(db, filter({ q: 'garcia' }), 11, { ...scaled, minFolder: 10_000 })).toBeNull();
  });

  it('reads the page of the ids it found, in list order', async () => {
    const found = await walkedSearch(db, filter({ q: 'garcia' }), 26, scaled);
    const page = await leadPageQuery(db, filter({ q: 'garcia' }), 26, { offset: 0 }, { ids: found!.ids }).execute();
    expect(page.map((row) => row.id)).toEqual(
      matching('garcia')
        .slice(0, 26)
        .map((lead) => lead.id),
    );
    expect(page[0]).not.toHaveProperty('full_count');
  });
});

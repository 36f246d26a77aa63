import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { migrations } from '../../lib/db/migrations';
import { cursorParam, leadFilterSchema, type LeadCursor } from '../../lib/leads/admin/filter';
import { deleteLead, markNotSpam, updateLead } from '../../lib/leads/admin/mutations.server';
import { COUNT_CAP, SEARCH_COUNT_CAP, searchLeads } from '../../lib/leads/admin/queries.server';
import { BOARD_COUNT_CAP, BOARD_LIMIT, boardColumns, readBoard } from '../../lib/leads/pipeline/board.server';
import { BOARD_STATUSES, OPEN_STATUSES } from '../../lib/leads/pipeline/board';
import { recordStatusChange } from '../../lib/leads/pipeline/status-history.server';
import { median, readCharts, readFigures } from '../../lib/overview/queries.server';
import { emptyEngines, engines } from '../support/engines';
import { GENERATED_ASSIGNEES, generateLeadBatches, insertLeadBatches, type GeneratedLead } from '../support/generate-leads';

/**
 * Issue 32: the Leads page's totals and pages, and the Overview, at a scale where counting the leads
 * is too slow. Migration 0029's `lead_counts` (leads per UTC day by kind, status, kind and status,
 * source, landing page and time to first contact, kept by triggers) must equal what counting the
 * leads says, through every way a lead changes; the list's totals are exact from it, or counted up
 * to COUNT_CAP; Next and Previous page by keyset through the same leads as page numbers do; the
 * median time to first contact read by steps is the median of every lead's. Timing belongs to
 * `npm run bench:leads`.
 */

const COUNT = 3_000;
const NEWEST = new Date('2026-11-21T12:00:00.000Z');
const NOW = new Date('2026-11-21T18:00:00.000Z');
const SCOPE = { me: GENERATED_ASSIGNEES[1], today: '2026-11-21' };
const generated = () => generateLeadBatches(COUNT, 1_000, { newest: NEWEST, pipeline: true });
const leads: GeneratedLead[] = [...generated()].flat();
const inbox = leads.filter((l) => !l.isSpam);
const filter = (input: Record<string, unknown> = {}) => ({ ...leadFilterSchema.parse(input), ...SCOPE });

/** Migration 0029's step of a time to first contact, as its triggers write it. */
function contactStep(ms: number): string {
  const unit = ms < 3_600_000 ? 60_000 : ms < 604_800_000 ? 3_600_000 : 86_400_000;
  return String(ms - (ms % unit)).padStart(12, '0');
}

/** lead_counts as counting the leads gives it (rows with leads only; day '' for all time). */
async function countedFromLeads(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('leads')
    .select(['kind', 'status', 'assignee_id', 'first_source', 'landing_page', 'created_at', 'is_spam', 'first_contact_ms'])
    .execute();
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const row of rows) {
    const day = row.created_at.slice(0, 10);
    if (Number(row.is_spam) === 1) {
      for (const when of [day, '']) add(`spam ${when} `);
      continue;
    }
    for (const when of [day, '']) {
      add(`kind ${when} ${row.kind}`);
      add(`status ${when} ${row.status}`);
      add(`kind_status ${when} ${row.kind}/${row.status}`);
      add(`assignee_status ${when} ${row.assignee_id ?? ''}/${row.status}`);
    }
    add(`source ${day} ${row.first_source}`);
    add(`landing ${day} ${row.landing_page}`);
    if (row.first_contact_ms !== null) add(`contact ${day} ${contactStep(Number(row.first_contact_ms))}`);
  }
  return [...counts].map(([key, n]) => `${key} ${n}`).sort();
}

/** lead_counts' rows (none of them empty: a day's rows go with its last lead). */
async function leadCounts(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('lead_counts').selectAll().execute();
  return rows.map((row) => `${row.dimension} ${row.day} ${row.value} ${row.leads}`).sort();
}

/** Each lead's first contact as the status history says it: the first change not to 'new' or 'spam'. */
async function firstContactFromHistory(db: DB): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('lead_status_changes as c')
    .innerJoin('leads', 'leads.id', 'c.lead_id')
    .select(['c.lead_id', 'c.at', 'leads.created_at'])
    .where('c.to_status', 'not in', ['new', 'spam'])
    .execute();
  const first = new Map<string, number>();
  for (const row of rows) {
    const ms = Math.max(0, Date.parse(row.at) - Date.parse(row.created_at));
    first.set(row.lead_id, Math.min(first.get(row.lead_id) ?? Infinity, ms));
  }
  return first;
}

async function firstContactColumn(db: DB): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'first_contact_ms'])
    .where('first_contact_ms', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.first_contact_ms)]));
}

/** Every page of a filter by Next, then back by Previous: the ids of each page. */
async function walkPages(db: DB, input: Record<string, unknown>) {
  const forward: string[][] = [];
  let older: LeadCursor | null = null;
  for (let page = 1; ; page++) {
    const result = await searchLeads(db, filter({ ...input, page, older: older ? cursorParam(older) : undefined }));
    forward.push(result.leads.map((l) => l.id));
    if (!result.older) break;
    older = result.older;
    expect(result.leads.at(-1)!.id).toBe(older.id);
  }
  return forward;
}

describe.each(engines)('lead totals, pages and the Overview on %s', (_name, open) => {
  let db: DB;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ db, cleanup } = await open());
    await migrateToLatest(db);
    await insertLeadBatches(db, generated(), 250);
  }, 120_000);
  afterAll(async () => {
    await cleanup?.();
  });

  it('keeps lead_counts and each first contact equal to what the leads and their history say', async () => {
    expect(await leadCounts(db)).toEqual(await countedFromLeads(db));
    expect(await firstContactColumn(db)).toEqual(await firstContactFromHistory(db));
  });

  it('keeps them equal through status changes, spam and back, an earlier contact and deletion', async () => {
    const at = (lead: GeneratedLead, minutes: number) => new Date(Date.parse(lead.createdAt) + minutes * 60_000);
    const [a, b, c, d, e] = inbox.filter((l) => l.status === 'new');
    const moved = inbox.find((l) => l.status === 'won')!;
    await updateLead(db, a!.id, { status: 'contacted', assigneeId: GENERATED_ASSIGNEES[2] }, at(a!, 5));
    await updateLead(db, moved.id, { status: 'won', assigneeId: '' }, at(moved, 1));
    await updateLead(db, b!.id, { status: 'spam' }, at(b!, 7));
    await updateLead(db, c!.id, { status: 'spam' }, at(c!, 1));
    await markNotSpam(db, c!.id, at(c!, 2));
    await updateLead(db, c!.id, { status: 'lost', lostReason: 'Went elsewhere' }, at(c!, 90));
    await updateLead(db, moved.id, { status: 'qualified' }, new Date(Date.parse(moved.createdAt) + 1_000));
    // A change recorded with an earlier time than the first one known lowers it; to 'new' counts for nothing.
    await db.transaction().execute(async (trx) => {
      const actor = { id: null, label: 'test' };
      await recordStatusChange(trx, { leadId: d!.id, from: 'new', to: 'qualified', actor, at: at(d!, 600) });
      await recordStatusChange(trx, { leadId: d!.id, from: 'qualified', to: 'new', actor, at: at(d!, 30) });
      await recordStatusChange(trx, { leadId: d!.id, from: 'new', to: 'contacted', actor, at: at(d!, 60) });
    });
    await deleteLead(db, e!.id);
    await deleteLead(db, leads.find((l) => l.isSpam)!.id);

    const first = await firstContactColumn(db);
    expect(first.get(a!.id)).toBe(5 * 60_000);
    expect(first.has(b!.id)).toBe(false);
    expect(first.get(c!.id)).toBe(90 * 60_000);
    expect(first.get(moved.id)).toBe(1_000);
    expect(first.get(d!.id)).toBe(60 * 60_000);
    expect(first).toEqual(await firstContactFromHistory(db));
    expect(await leadCounts(db)).toEqual(await countedFromLeads(db));
  });

  it('gives exact totals from lead_counts above COUNT_CAP, and counts other filters up to it', async () => {
    const live = await db
      .selectFrom('leads')
      .select(['id', 'kind', 'status', 'is_spam', 'created_at', 'assignee_id', 'first_source', 'last_source'])
      .execute();
    const notSpam = live.filter((l) => Number(l.is_spam) === 0);
    const expectTotal = async (input: Record<string, unknown>, expected: number, capped = false, scope = SCOPE) => {
      const page = await searchLeads(db, { ...leadFilterSchema.parse(input), ...scope });
      expect({ input, total: page.total, capped: page.totalCapped }).toEqual({ input, total: expected, capped });
    };
    expect(notSpam.length).toBeGreaterThan(COUNT_CAP);
    await expectTotal({}, notSpam.length);
    await expectTotal({ kind: 'contact' }, notSpam.filter((l) => l.kind === 'contact').length);
    await expectTotal({ status: 'new' }, notSpam.filter((l) => l.status === 'new').length);
    await expectTotal({ kind: 'ebook', status: 'won' }, notSpam.filter((l) => l.kind === 'ebook' && l.status === 'won').length);
    await expectTotal({ status: 'spam' }, live.length - notSpam.length);
    const from = '2026-11-20';
    const to = '2026-11-20';
    await expectTotal(
      { kind: 'application', from, to },
      notSpam.filter((l) => l.kind === 'application' && l.created_at.slice(0, 10) === from).length,
    );
    // An assignee (and a status) from lead_counts too; 'me' without a signed-in account is nobody.
    const mine = notSpam.filter((l) => l.assignee_id === SCOPE.me);
    await expectTotal({ assignee: 'me' }, mine.length);
    await expectTotal(
      { assignee: 'me', status: 'won', from: '2026-11-01' },
      mine.filter((l) => l.status === 'won' && l.created_at >= '2026-11-01').length,
    );
    await expectTotal({ assignee: 'none' }, notSpam.filter((l) => l.assignee_id === null).length);
    await expectTotal({ assignee: 'me' }, 0, false, { me: undefined, today: SCOPE.today });
    // A kind with an assignee is counted on the leads.
    await expectTotal({ assignee: 'me', kind: 'ebook' }, mine.filter((l) => l.kind === 'ebook').length);
    // A source is first or last touch: counted on the leads, up to the cap.
    const google = notSpam.filter((l) => l.first_source === 'google' || l.last_source === 'google').length;
    expect(google).toBeGreaterThan(COUNT_CAP);
    await expectTotal({ source: 'google' }, COUNT_CAP, true);
    await expectTotal(
      { source: 'partner' },
      notSpam.filter((l) => l.first_source === 'partner' || l.last_source === 'partner').length,
    );
    // The spam folder's button.
    expect((await searchLeads(db, filter())).spamCount).toBe(live.length - notSpam.length);
  });

  it('pages by keyset through the same leads as page numbers, both ways', async () => {
    const kinds = await db
      .selectFrom('leads')
      .select('id')
      .where('is_spam', '=', 0)
      .where('kind', '=', 'contact')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const expected = kinds.map((l) => l.id);
    const pages = await walkPages(db, { kind: 'contact' });
    expect(pages.flat()).toEqual(expected);
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
    // Page n by its number alone (an address typed or bookmarked) is the same page.
    for (const n of [2, 7, pages.length])
      expect((await searchLeads(db, filter({ kind: 'contact', page: n }))).leads.map((l) => l.id)).toEqual(pages[n - 1]);
    // Next from page 3 is page 4; Previous from there (newer than its first lead) is page 3 again.
    const page3 = await searchLeads(db, filter({ kind: 'contact', page: 3 }));
    const page4 = await searchLeads(db, filter({ kind: 'contact', page: 4, older: cursorParam(page3.older!) }));
    expect(page4.leads.map((l) => l.id)).toEqual(pages[3]);
    const back = await searchLeads(db, filter({ kind: 'contact', page: 3, newer: cursorParam(page4.newer!) }));
    expect(back.leads.map((l) => l.id)).toEqual(pages[2]);
    expect(back.page).toBe(3);
    // Previous to page 1, or when the leads above have gone: the top of the list, as first shown.
    const page2 = await searchLeads(db, filter({ kind: 'contact', page: 2 }));
    const top = await searchLeads(db, filter({ kind: 'contact', page: 2, newer: cursorParam(page2.newer!) }));
    expect(top.leads.map((l) => l.id)).toEqual(pages[0]);
    expect(top.page).toBe(1);
    expect(top.newer).toBeNull();
    // A search counted up to the cap pages by keyset to its end all the same.
    const garcia = (
      await db
        .selectFrom('leads')
        .select('id')
        .where('is_spam', '=', 0)
        .where('search', 'like', '%garcia%')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((l) => l.id);
    expect((await walkPages(db, { q: 'Garcia' })).flat()).toEqual(garcia);
    // A narrow search (on SQLite, the trigram index's few matches): every page, by keyset too, tells its whole count.
    const narrow = garcia.length > 0 ? await searchLeads(db, filter({ q: 'garcia 1' })) : null;
    expect(narrow!.total).toBeGreaterThan(50);
    expect(narrow!.totalCapped).toBe(false);
    const next = await searchLeads(db, filter({ q: 'garcia 1', page: 2, older: cursorParam(narrow!.older!) }));
    expect(next.total).toBe(narrow!.total);
    expect((await walkPages(db, { q: 'garcia 1' })).flat()).toHaveLength(narrow!.total);
  });

  it('counts the board by status from lead_counts and from the leads alike', async () => {
    const live = await db
      .selectFrom('leads')
      .select(['kind', 'status', 'assignee_id', 'follow_up_on', 'search', 'first_source', 'last_source'])
      .where('is_spam', '=', 0)
      .execute();
    const byStatus = (rows: typeof live) =>
      Object.fromEntries(
        ['new', 'contacted', 'qualified', 'application', 'won', 'lost'].map((s) => [
          s,
          rows.filter((r) => r.status === s).length,
        ]),
      );
    const totals = async (input: Record<string, unknown>) =>
      Object.fromEntries((await boardColumns(db, filter(input))).map((column) => [column.status, column.total]));
    expect(await totals({ kind: 'qualification' })).toEqual(byStatus(live.filter((r) => r.kind === 'qualification')));
    expect(await totals({ assignee: 'me' })).toEqual(byStatus(live.filter((r) => r.assignee_id === SCOPE.me)));
    expect(await totals({ assignee: 'none', kind: 'ebook' })).toEqual(
      byStatus(live.filter((r) => r.assignee_id === null && r.kind === 'ebook')),
    );
    const overdue = live.filter(
      (r) => r.follow_up_on !== null && r.follow_up_on < SCOPE.today && (OPEN_STATUSES as readonly string[]).includes(r.status),
    );
    expect(await totals({ due: 'overdue' })).toEqual(byStatus(overdue));
    // Counted on the leads in one walk (each column under COUNT_CAP here: exact, never '1,000+').
    expect(await totals({ q: 'garcia' })).toEqual(byStatus(live.filter((r) => r.search.includes('garcia'))));
    const mine = live.filter((r) => r.assignee_id === SCOPE.me);
    expect(await totals({ source: 'google', assignee: 'me' })).toEqual(
      byStatus(mine.filter((r) => r.first_source === 'google' || r.last_source === 'google')),
    );
    expect(await totals({ source: 'partner', status: 'won' })).toEqual({
      won: live.filter((r) => r.status === 'won' && (r.first_source === 'partner' || r.last_source === 'partner')).length,
    });
    expect((await boardColumns(db, filter({ q: 'garcia' }))).some((column) => column.totalCapped)).toBe(false);
  });

  it("shows above the board the list's total and spam count, added up from the columns", async () => {
    for (const input of [{}, { kind: 'qualification' }, { source: 'google', assignee: 'me' }, { due: 'overdue' }]) {
      const list = await searchLeads(db, filter(input));
      const { columns, page } = await readBoard(db, filter({ ...input, view: 'board' }));
      expect(page).toMatchObject({ total: list.total, totalCapped: false, spamCount: list.spamCount, leads: [] });
      expect(page.total).toBe(columns.reduce((sum, column) => sum + column.total, 0));
    }
    // A search: the list counts to SEARCH_COUNT_CAP ('100+'), each column too, so the board's sum
    // can say more than the list's count (here every column is under the cap: exact).
    const garcia = (await db.selectFrom('leads').select('search').where('is_spam', '=', 0).execute()).filter((r) =>
      r.search.includes('garcia'),
    ).length;
    expect(garcia).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(await searchLeads(db, filter({ q: 'garcia' }))).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
    const { page } = await readBoard(db, filter({ q: 'garcia', view: 'board' }));
    expect(page).toMatchObject({ total: garcia, totalCapped: false });
  });

  it("counts a board column on the leads to BOARD_COUNT_CAP ('100+'), and shows the list's count above the board", async () => {
    const live = await db
      .selectFrom('leads')
      .select(['id', 'status', 'first_source', 'last_source'])
      .where('is_spam', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const google = live.filter((r) => r.first_source === 'google' || r.last_source === 'google');
    const columns = await boardColumns(db, filter({ source: 'google' }));
    const expected = BOARD_STATUSES.map((status) => {
      const inColumn = google.filter((r) => r.status === status);
      return {
        status,
        total: Math.min(inColumn.length, BOARD_COUNT_CAP),
        capped: inColumn.length > BOARD_COUNT_CAP,
        cards: inColumn.slice(0, BOARD_LIMIT).map((r) => r.id),
      };
    });
    expect(expected.every((column) => column.capped)).toBe(true);
    expect(
      columns.map((c) => ({ status: c.status, total: c.total, capped: c.totalCapped, cards: c.cards.map((card) => card.id) })),
    ).toEqual(expected);
    // Above the board, the list's own count ('1,000+'), not the columns added up ('600+').
    expect(google.length).toBeGreaterThan(COUNT_CAP);
    const list = await searchLeads(db, filter({ source: 'google' }));
    expect(list).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    const { page } = await readBoard(db, filter({ source: 'google', view: 'board' }));
    expect(page).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    // Under the list's cap, the count above the board is exact while its column says '100+'.
    const won = google.filter((r) => r.status === 'won').length;
    expect(won).toBeGreaterThan(BOARD_COUNT_CAP);
    const wonBoard = await readBoard(db, filter({ source: 'google', view: 'board', status: 'won' }));
    expect(wonBoard.columns.map((c) => [c.status, c.total, c.totalCapped])).toEqual([['won', BOARD_COUNT_CAP, true]]);
    expect(wonBoard.page).toMatchObject({ total: won, totalCapped: false });
  });

  it("reads the Overview's figures and exact median from lead_counts", async () => {
    const live = await db
      .selectFrom('leads')
      .select(['created_at', 'status', 'first_contact_ms', 'first_source'])
      .where('is_spam', '=', 0)
      .execute();
    const since = (days: number) => new Date(Date.UTC(2026, 10, 21 - days)).toISOString();
    const figures = await readFigures(db, NOW);
    expect(figures.newLeads).toEqual({
      today: live.filter((l) => l.created_at >= since(0)).length,
      last7: live.filter((l) => l.created_at >= since(6)).length,
      last30: live.filter((l) => l.created_at >= since(29)).length,
    });
    const waiting = live.filter((l) => l.status === 'new');
    expect(figures.notContacted).toEqual({ count: waiting.length, oldestAt: waiting.map((l) => l.created_at).sort()[0] });
    const times = live
      .filter((l) => l.created_at >= since(29) && l.first_contact_ms !== null)
      .map((l) => Number(l.first_contact_ms));
    expect(times.length % 2).toBe(figures.firstContact.leads % 2);
    expect(figures.firstContact).toEqual({ medianMs: median(times), leads: times.length });
    // One lead fewer: the other parity (one middle lead instead of two).
    const one = (
      await db
        .selectFrom('leads')
        .select('id')
        .where('is_spam', '=', 0)
        .where('created_at', '>=', since(29))
        .where('first_contact_ms', 'is not', null)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
    await db.updateTable('leads').set({ first_contact_ms: null }).where('id', '=', one).execute();
    const fewer = (await readFigures(db, NOW)).firstContact;
    expect(fewer.leads).toBe(times.length - 1);
    const rest = await db
      .selectFrom('leads')
      .select('first_contact_ms')
      .where('is_spam', '=', 0)
      .where('created_at', '>=', since(29))
      .where('first_contact_ms', 'is not', null)
      .execute();
    expect(fewer.medianMs).toBe(median(rest.map((l) => Number(l.first_contact_ms))));
    const charts = await readCharts(db, NOW, 30);
    const charted = live.filter((l) => l.created_at >= `${charts.from}T00:00:00.000Z`);
    expect(charts.bySource.reduce((sum, row) => sum + row.leads, 0)).toBe(charted.length);
    expect(charts.perDay.reduce((sum, day) => sum + Object.values(day.counts).reduce((a, b) => a + b, 0), 0)).toBe(
      charted.length,
    );
  });
});

describe.each(emptyEngines)('migration 0029 on %s', (_name, open) => {
  it('fills lead_counts and first_contact_ms for the leads already stored', async () => {
    const { db, cleanup } = await open();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0028_archive_versions')).error).toBeUndefined();
      await insertLeadBatches(db, generateLeadBatches(600, 200, { newest: NEWEST, pipeline: true }), 200, {
        firstContactColumn: false,
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await leadCounts(db)).toEqual(await countedFromLeads(db));
      expect((await firstContactColumn(db)).size).toBeGreaterThan(300);
      expect(await firstContactColumn(db)).toEqual(await firstContactFromHistory(db));
    } finally {
      await cleanup();
    }
  }, 60_000);

  it('gives the exact median when the two middle times fall in two steps of lead_counts', async () => {
    const { db, cleanup } = await open();
    try {
      await migrateToLatest(db);
      const four = generateLeadBatches(4, 4, { newest: NEWEST }).next().value as GeneratedLead[];
      await insertLeadBatches(db, [four.map((l) => ({ ...l, isSpam: false, status: 'new' }))]);
      const actor = { id: null, label: 'test' };
      // 1 minute, 2 minutes (steps of a minute), 3 and 5 hours (hour steps): the middles are 2 min and 3 h.
      for (const [i, minutes] of [1, 2, 180, 300].entries()) {
        const at = new Date(Date.parse(four[i]!.createdAt) + minutes * 60_000 + 17);
        await recordStatusChange(db, { leadId: four[i]!.id, from: 'new', to: 'contacted', actor, at });
      }
      expect((await readFigures(db, NOW)).firstContact).toEqual({
        medianMs: (2 * 60_000 + 17 + 180 * 60_000 + 17) / 2,
        leads: 4,
      });
    } finally {
      await cleanup();
    }
  });
});

import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { leadFilterSchema, type LeadFilter } from '../../lib/leads/admin/filter';
import { leadPageQuery, SEARCH_COUNT_CAP, searchLeads } from '../../lib/leads/admin/queries.server';
import { BOARD_STATUSES } from '../../lib/leads/pipeline/board';
import { boardColumns, readBoard } from '../../lib/leads/pipeline/board.server';
import { leadSearchText } from '../../lib/leads/search-text';
import { generateLeads, insertLeads } from '../support/generate-leads';
import { tempSqlite } from '../support/temp-db';

/**
 * The Leads tab at 100,000 leads: correct first pages, and on SQLite the list's filters are served
 * by an index in the list's order (no table scan, no sort), each lead's e-mail state by the outbox's
 * subject index. Timings belong to `npm run bench:leads`.
 */

const COUNT = 100_000;
const leads = generateLeads(COUNT);
const inbox = leads.filter((l) => !l.isSpam);
const handle = tempSqlite();
let raw: Database.Database;

beforeAll(async () => {
  await migrateToLatest(handle.db);
  await insertLeads(handle.db, leads);
  raw = new Database(handle.path, { readonly: true });
}, 60_000);
afterAll(async () => {
  raw?.close();
  await handle.cleanup();
});

const filter = (input: Record<string, unknown>): LeadFilter => leadFilterSchema.parse(input);

function plan(input: Record<string, unknown>): string {
  const compiled = leadPageQuery(handle.db, filter(input)).compile();
  const rows = raw.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as {
    detail: string;
  }[];
  return rows.map((r) => r.detail).join('\n');
}

describe(`leads database with ${COUNT.toLocaleString('en-US')} leads`, () => {
  it('returns the correct first and later pages of filtered searches', async () => {
    const expectPage = async (input: Record<string, unknown>, expected: typeof leads) => {
      const page = await searchLeads(handle.db, filter(input));
      const start = (Number(input.page ?? 1) - 1) * 25;
      expect(page.leads.map((l) => l.id)).toEqual(expected.slice(start, start + 25).map((l) => l.id));
      // The folder, kind, status and dates are counted exactly by lead_counts (migration 0029); a
      // search is counted on the leads, up to SEARCH_COUNT_CAP.
      const counted = input.q === undefined;
      expect(page.total).toBe(counted ? expected.length : Math.min(expected.length, SEARCH_COUNT_CAP));
      expect(page.totalCapped).toBe(!counted && expected.length > SEARCH_COUNT_CAP);
    };
    await expectPage({}, inbox);
    await expectPage({ page: 200 }, inbox);
    await expectPage(
      { kind: 'application', status: 'qualified' },
      inbox.filter((l) => l.kind === 'application' && l.status === 'qualified'),
    );
    await expectPage(
      { status: 'won', page: 3 },
      inbox.filter((l) => l.status === 'won'),
    );
    await expectPage(
      { status: 'spam' },
      leads.filter((l) => l.isSpam),
    );
    const from = leads[50_000]!.createdAt.slice(0, 10);
    const to = leads[40_000]!.createdAt.slice(0, 10);
    await expectPage(
      { kind: 'contact', from, to },
      inbox.filter((l) => l.kind === 'contact' && l.createdAt >= `${from}T00:00:00.000Z` && l.createdAt.slice(0, 10) <= to),
    );
    const target = inbox[76_543]!;
    await expectPage({ q: target.email }, [target]);
    await expectPage(
      { q: 'chen' },
      inbox.filter((l) => l.name.toLowerCase().includes('chen') || l.email.includes('chen')),
    );
  }, 30_000);

  it("counts each board column of a search up to SEARCH_COUNT_CAP ('100+'), as the list counts a search", async () => {
    // 'chen' fills every column past the cap, each counted on its own index; with 'Unassigned'
    // (every lead here) one walk stops at 6 × 101 matches, and the columns it left short go on
    // from its last lead; 'chen 12' (few matches) is read whole and counted exactly.
    const cases: [string, Record<string, unknown>][] = [
      ['chen', {}],
      ['chen', { assignee: 'none' }],
      ['chen 12', {}],
    ];
    const cap = SEARCH_COUNT_CAP;
    for (const [q, more] of cases) {
      const matching = inbox.filter((l) => leadSearchText(l).includes(q));
      const board = await boardColumns(handle.db, filter({ q, ...more, view: 'board' }));
      const expected = BOARD_STATUSES.map((status) => {
        const n = matching.filter((l) => l.status === status).length;
        return {
          status,
          total: Math.min(n, cap),
          capped: n > cap,
          newest: matching.find((l) => l.status === status)?.id,
        };
      });
      expect(board.map((c) => ({ status: c.status, total: c.total, capped: c.totalCapped, newest: c.cards[0]?.id }))).toEqual(
        expected,
      );
      expect(expected.some((c) => c.capped)).toBe(q === 'chen');
      expect(expected.every((c) => c.capped)).toBe(q === 'chen');
      // Above the board: the columns added up, 'at least' when one was counted up to the cap ('6,000+ leads.').
      const { page } = await readBoard(handle.db, filter({ q, ...more, view: 'board' }));
      expect(page).toMatchObject({
        total: expected.reduce((sum, c) => sum + c.total, 0),
        totalCapped: q === 'chen',
      });
    }
  });

  it('SQLite serves a search from the FTS5 trigram index, reading only the matches by rowid', () => {
    const detail = plan({ q: 'jane garcia 4711', kind: 'contact' });
    expect(detail).toContain('leads_search_fts');
    expect(detail).toMatch(/SEARCH leads USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });

  it.each([
    [{}, 'leads_folder_created_idx'],
    [{ kind: 'contact' }, 'leads_folder_kind_created_idx'],
    [{ status: 'new' }, 'leads_folder_status_created_idx'],
    [{ kind: 'contact', status: 'new' }, 'leads_folder_kind_status_created_idx'],
    [{ kind: 'ebook', status: 'won', from: '2026-01-01', to: '2026-06-30' }, 'leads_folder_kind_status_created_idx'],
    // The assignee's index carries the status (the board's columns of 'Assigned to me').
    [{ assignee: 'me', status: 'won' }, 'leads_folder_assignee_created_idx'],
    [{ status: 'spam', page: 4 }, 'leads_folder_created_idx'], // the spam folder is is_spam = 1, any status,
  ])('SQLite serves %j from an index in order', (input, index) => {
    const detail = plan(input);
    expect(detail).toMatch(new RegExp(`SEARCH leads USING (COVERING )?INDEX ${index}`));
    expect(detail).not.toMatch(/SCAN leads\b(?! USING)/);
    // The walk cuts the page in index order (no sort); only its 25 leads are read, joined and put back in order.
    const [walk, page] = detail.split('SCAN page');
    expect(walk).not.toContain('TEMP B-TREE');
    expect(page).toMatch(/SEARCH leads USING INDEX sqlite_autoindex_leads_1 \(id=\?\)/);
    // Each listed lead's e-mail state: one probe of the outbox's subject index.
    expect(page).toMatch(/SEARCH n USING INDEX notifications_subject_idx \(subject_type=\? AND subject_id=\? AND channel=\?\)/);
  });
});

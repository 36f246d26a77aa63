import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, type ActivityAction } from '../../lib/activity/kinds';
import { activityCsvStream } from '../../lib/activity/export.server';
import {
  activityFilterSchema,
  activityQuery,
  cursorParam,
  parseActivityParams,
  type ActivityFilter,
} from '../../lib/activity/filter';
import { ACTIVITY_GROUPS } from '../../lib/activity/groups';
import { activityPage, exportActivity } from '../../lib/activity/queries.server';
import { recordActivity, SYSTEM_ACTOR } from '../../lib/activity/record.server';
import { purgeActivityLog } from '../../lib/activity/retention.server';
import type { DB } from '../../lib/db/connect.server';
import { parseEnv } from '../../lib/env-schema';
import { engines, seededDatabases } from '../support/engines';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const filter = (input: Record<string, unknown> = {}): ActivityFilter => activityFilterSchema.parse(input);
const ids = (entries: { id: string }[]) => entries.map((e) => e.id);

const owner = { id: 'admin', label: 'admin' };
const editor = { id: 'u-editor', label: 'Editor@Example.com' };
const START = Date.parse('2026-11-20T08:00:00.000Z');

/**
 * 130 entries, one a minute from 2026-11-20 08:00 (so they span two UTC days), every fifth by the
 * editor, with three sharing one instant to test the (at, id) order across a page boundary.
 */
function plannedEntries() {
  const kinds: ActivityAction[] = ['sign_in', 'rate_updated', 'lead_status_changed', 'post_deleted', 'content_updated'];
  return Array.from({ length: 130 }, (_, i) => ({
    actor: i % 5 === 0 ? editor : owner,
    action: kinds[i % kinds.length]!,
    target: i === 7 ? 'hero.title_100%' : `row-${String(i).padStart(3, '0')}`,
    detail: { n: i },
    ip: `203.0.113.${i % 250}`,
    at: new Date(i >= 79 && i <= 81 ? START + 80 * 60_000 : START + i * 60_000),
  }));
}

describe.each(engines)('activity log on %s', (_name, open) => {
  const database = seededDatabases(cleanups, open);
  let db: DB;
  let newestFirst: string[];

  it('pages newest first by keyset, 50 at a time, both ways, without skipping entries that share an instant', async () => {
    db = await database();
    await db.deleteFrom('activity_log').execute();
    for (const e of plannedEntries()) await recordActivity(db, e, e.at);
    const all = await db.selectFrom('activity_log').select(['id', 'at']).orderBy('at', 'desc').orderBy('id', 'desc').execute();
    newestFirst = all.map((r) => r.id);
    expect(newestFirst).toHaveLength(130);

    const first = await activityPage(db, filter());
    expect(ids(first.entries)).toEqual(newestFirst.slice(0, 50));
    expect(first.newer).toBeNull();
    expect(first.entries[0]).toMatchObject({
      actor: 'admin',
      action: 'content_updated',
      detail: { n: 129 },
      ip: '203.0.113.129',
    });

    const second = await activityPage(db, filter({ older: cursorParam(first.older!) }));
    expect(ids(second.entries)).toEqual(newestFirst.slice(50, 100));
    const third = await activityPage(db, filter({ older: cursorParam(second.older!) }));
    expect(ids(third.entries)).toEqual(newestFirst.slice(100));
    expect(third.older).toBeNull();

    // 'Newer' walks back; back at the top it is the full newest page again.
    const back = await activityPage(db, filter({ newer: cursorParam(third.newer!) }));
    expect(ids(back.entries)).toEqual(newestFirst.slice(50, 100));
    expect(back.older).not.toBeNull();
    const top = await activityPage(db, filter({ newer: cursorParam(back.newer!) }));
    expect(ids(top.entries)).toEqual(newestFirst.slice(0, 50));
    expect(top.newer).toBeNull();
  });

  it('filters by action or group, who (any case), UTC days and a literal text in the target', async () => {
    const planned = plannedEntries();
    const matching = async (input: Record<string, unknown>) => {
      const found: string[] = [];
      for await (const e of exportActivity(db, filter(input), 7)) found.push(e.target);
      return found.sort();
    };
    const targetsWhere = (keep: (e: (typeof planned)[number]) => boolean) =>
      planned
        .filter(keep)
        .map((e) => e.target)
        .sort();

    expect(await matching({ action: 'rate_updated' })).toEqual(targetsWhere((e) => e.action === 'rate_updated'));
    // 'Deletions' holds post_deleted among others; 'Content, rate and post edits' both rate and post.
    expect(await matching({ action: 'deletions' })).toEqual(targetsWhere((e) => e.action === 'post_deleted'));
    expect(await matching({ action: 'edits' })).toEqual(
      targetsWhere((e) => ['rate_updated', 'post_deleted', 'content_updated'].includes(e.action)),
    );
    expect(await matching({ actor: 'editor@example.COM' })).toEqual(targetsWhere((e) => e.actor === editor));
    // Entry i is at 08:00 + i minutes on 2026-11-20: all of them that day, none the next.
    expect(await matching({ from: '2026-11-20', to: '2026-11-20' })).toHaveLength(130);
    expect(await matching({ from: '2026-11-21' })).toEqual([]);
    expect(await matching({ to: '2026-11-19' })).toEqual([]);
    expect(await matching({ q: 'ROW-12' })).toEqual(targetsWhere((e) => e.target.includes('row-12')));
    expect(await matching({ q: 'ROW-12' })).toHaveLength(10);
    // LIKE's wildcards are searched as text.
    expect(await matching({ q: '100%' })).toEqual(['hero.title_100%']);
    expect(await matching({ q: '_1' })).toEqual(['hero.title_100%']);
    expect(await matching({ action: 'rate_updated', actor: 'admin', q: 'row-1' })).toEqual(
      targetsWhere((e) => e.action === 'rate_updated' && e.actor === owner && e.target.startsWith('row-1')),
    );

    // A filtered view pages too, and its links keep the filter.
    const page = await activityPage(db, filter({ actor: 'admin' }), 20);
    expect(page.entries.every((e) => e.actor === 'admin')).toBe(true);
    const next = await activityPage(db, filter({ actor: 'admin', older: cursorParam(page.older!) }), 20);
    expect(next.entries.every((e) => e.actor === 'admin')).toBe(true);
    expect(new Set([...ids(page.entries), ...ids(next.entries)]).size).toBe(40);
  });

  it('exports a filter as CSV with the formula cells defused', async () => {
    await recordActivity(
      db,
      {
        actor: { id: null, label: '=HYPERLINK("http://evil.example","x")' },
        action: 'sign_in_failed',
        detail: { reason: 'password' },
        ip: '198.51.100.9',
      },
      new Date('2026-11-21T10:00:00.000Z'),
    );
    await recordActivity(
      db,
      { actor: SYSTEM_ACTOR, action: 'retention_purged', target: '@risky', detail: { note: 'a, "quoted"\nline' } },
      new Date('2026-11-21T11:00:00.000Z'),
    );
    const text = await csvText(activityCsvStream(db, filter({ from: '2026-11-21' })));
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Time (UTC),Who,Action,Target,Details,Client address',
      `2026-11-21T11:00:00.000Z,system,Expired data deleted,'@risky,"note: a, ""quoted""\nline",`,
      `2026-11-21T10:00:00.000Z,"'=HYPERLINK(""http://evil.example"",""x"")",Sign-in failed,,reason: password,198.51.100.9`,
      '',
    ]);
    const everything = await csvText(activityCsvStream(db, filter()));
    expect(everything.trim().split('\r\n')).toHaveLength(1 + 132);
  });

  it('refuses to change an entry, whatever asks', async () => {
    await expect(db.updateTable('activity_log').set({ actor: 'someone else' }).execute()).rejects.toThrow(/append-only/);
    await expect(sql`update activity_log set detail = '{}'`.execute(db)).rejects.toThrow(/append-only/);
    const actors = await db.selectFrom('activity_log').select('actor').where('actor', '=', 'someone else').execute();
    expect(actors).toEqual([]);
  });

  it('purges entries older than the retention months, and only those', async () => {
    const now = new Date('2026-11-21T12:00:00.000Z');
    await recordActivity(db, { actor: owner, action: 'sign_in', target: 'old-1' }, new Date('2024-11-21T11:59:59.999Z'));
    await recordActivity(db, { actor: owner, action: 'sign_in', target: 'old-2' }, new Date('2023-01-01T00:00:00.000Z'));
    await recordActivity(db, { actor: owner, action: 'sign_in', target: 'kept' }, new Date('2024-11-21T12:00:00.000Z'));
    const before = await count(db);
    expect(await purgeActivityLog(db, now, 24)).toBe(2);
    expect(await count(db)).toBe(before - 2);
    const targets = (await db.selectFrom('activity_log').select('target').execute()).map((r) => r.target);
    expect(targets).toContain('kept');
    expect(targets).not.toContain('old-1');
    // A shorter setting reaches the 2024 entry too.
    expect(await purgeActivityLog(db, now, 1)).toBe(1);
    expect(await count(db)).toBe(before - 3);
    await expect(purgeActivityLog(db, now, 0)).rejects.toThrow(RangeError);
  });
});

/** The bytes as sent: Response.text() would drop the byte order mark the export starts with. */
async function csvText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

async function count(db: DB): Promise<number> {
  const row = await db
    .selectFrom('activity_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the activity filter in the address', () => {
  it('reads actions, groups, dates and page positions, and names what is wrong', () => {
    const ok = parseActivityParams(
      new URLSearchParams('action=deletions&actor=&q=%20x%20&older=2026-11-21T10:00:00.000Z_abc123'),
    );
    expect(ok.success && ok.data).toEqual({
      action: 'deletions',
      q: 'x',
      older: { at: '2026-11-21T10:00:00.000Z', id: 'abc123' },
    });
    const bad = parseActivityParams(new URLSearchParams('action=drop_table&newer=yesterday'));
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['action', 'newer']);
    const backwards = parseActivityParams(new URLSearchParams('from=2026-11-22&to=2026-11-21'));
    expect(backwards.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['to', 'The end date is before the start date.'],
    ]);
    expect(activityQuery(filter({ action: 'sign_in', from: '2026-11-01' }))).toBe('action=sign_in&from=2026-11-01');
  });

  it('puts every action in at least one group the owner can filter by', () => {
    const grouped = new Set<string>(Object.values(ACTIVITY_GROUPS).flatMap((g) => g.actions));
    expect(Object.keys(ACTIVITY_ACTIONS).filter((a) => !grouped.has(a))).toEqual([]);
  });

  it('keeps the log 24 months unless ACTIVITY_LOG_RETENTION_MONTHS says otherwise', () => {
    expect(parseEnv({}).ACTIVITY_LOG_RETENTION_MONTHS).toBe(24);
    expect(parseEnv({ ACTIVITY_LOG_RETENTION_MONTHS: '36' }).ACTIVITY_LOG_RETENTION_MONTHS).toBe(36);
    expect(() => parseEnv({ ACTIVITY_LOG_RETENTION_MONTHS: '0' })).toThrow(
      /ACTIVITY_LOG_RETENTION_MONTHS: must be a whole number/,
    );
  });
});

import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { migrations } from '../../lib/db/migrations';
import { readMovedBack } from '../../lib/leads/admin/moved-back.server';
import { searchLeads } from '../../lib/leads/admin/queries.server';
import { getLeadPipeline } from '../../lib/leads/pipeline/detail.server';
import { emptyEngines } from '../support/engines';

/**
 * Migration 0014 on a database written by the release before it, which hid leads as spam on weak
 * evidence: every 'too-fast' lead and the 'rate-limit' leads below the new flood rule come back to
 * the Leads list marked "Possible bot", with a history entry and their alerts still unsent; the
 * honeypot's and the flood's stay in the spam folder; the count is kept for the owner.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the rows of the schema as it was at 0013 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const at = (second: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, second)).toISOString();

function lead(id: string, created: string, address: string, spam: string | null) {
  return {
    id,
    kind: 'ebook',
    type: 'Ebook Download',
    fields: JSON.stringify({ name: id, email: `${id}@example.com` }),
    name: id,
    email: `${id}@example.com`,
    phone: '',
    search: id,
    page: '/ebook',
    consent_text: null,
    consent_at: null,
    consent_page: null,
    status: spam ? 'spam' : 'new',
    is_spam: spam ? 1 : 0,
    spam_reason: spam,
    client_address: address,
    user_agent: 'test',
    created_at: created,
    last_activity_at: created,
  };
}

/** What the release before 0014 wrote: the old rule's judgements, each lead's e-mail held or waiting. */
async function writeAt0013(db: Kysely<any>) {
  const rows = [
    lead('autofill', at(0), '203.0.113.1', 'too-fast'),
    lead('honey', at(1), '203.0.113.2', 'honeypot'),
    lead('person', at(2), '203.0.113.3', null),
  ];
  // One address at the default limit (10 per 10 minutes): the 11th to 30th were 'rate-limit'
  // (a burst now), the 31st to 35th too (the old rule's flood began at 50), now past 3 times it.
  for (let i = 0; i < 35; i++) rows.push(lead(`office-${i}`, at(10 + i), '198.51.100.7', i < 10 ? null : 'rate-limit'));
  await db.insertInto('leads').values(rows).execute();
  await db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        id: `n-${row.id}`,
        subject_type: 'lead',
        subject_id: row.id,
        channel: 'email',
        recipient: 'broker',
        payload: '{}',
        status: row.is_spam ? 'skipped' : 'waiting',
        attempts: 0,
        next_attempt_at: row.is_spam ? null : row.created_at,
        last_error: null,
        sent_at: null,
        created_at: row.created_at,
        updated_at: row.created_at,
      })),
    )
    .execute();
}

describe.each(emptyEngines)('migration 0014 on %s: leads hidden on weak evidence come back', (_name, open) => {
  it('moves too-fast and burst leads back, marked, unalerted; keeps honeypot and flood in spam; counts them', async () => {
    const handle = await open();
    cleanups.push(handle.cleanup);
    const db: DB = handle.db;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0013_drafts');
    if (error) throw error;
    await writeAt0013(db as unknown as Kysely<any>);

    expect(await migrateToLatest(db)).toContain('0014_possible_bot');

    const leads = await db
      .selectFrom('leads')
      .select(['id', 'status', 'is_spam', 'spam_reason', 'possible_bot', 'bot_signals'])
      .orderBy('created_at')
      .execute();
    const state = Object.fromEntries(leads.map((l) => [l.id, l]));
    expect(state.autofill).toMatchObject({ status: 'new', is_spam: 0, spam_reason: null, possible_bot: 1 });
    expect(JSON.parse(state.autofill!.bot_signals)).toEqual([{ signal: 'earlier-too-fast', weight: 2 }]);
    expect(state.honey).toMatchObject({ status: 'spam', is_spam: 1, spam_reason: 'honeypot', possible_bot: 0 });
    expect(state.person).toMatchObject({ status: 'new', is_spam: 0, possible_bot: 0, bot_signals: '[]' });
    expect(state['office-9']).toMatchObject({ is_spam: 0, possible_bot: 0 });
    expect(state['office-10']).toMatchObject({ status: 'new', is_spam: 0, possible_bot: 1 });
    expect(JSON.parse(state['office-10']!.bot_signals)).toEqual([{ signal: 'burst', weight: 2, value: 11 }]);
    expect(state['office-29']).toMatchObject({ is_spam: 0, possible_bot: 1 });
    for (let i = 30; i < 35; i++)
      expect(state[`office-${i}`]).toMatchObject({ status: 'spam', is_spam: 1, spam_reason: 'flood' });

    // 1 too fast + 20 bursts: in the list and its "Possible bot" filter, told to the owner once.
    expect(await readMovedBack(db)).toMatchObject({ count: 21 });
    const possible = await searchLeads(db, { bot: 'possible', page: 1 }, 100);
    expect(possible.leads.map((l) => l.id).sort()).toEqual(
      ['autofill', ...Array.from({ length: 20 }, (_, i) => `office-${i + 10}`)].sort(),
    );
    expect(possible.leads.every((l) => l.possibleBot && l.botSignals.length === 1)).toBe(true);
    expect((await searchLeads(db, { page: 1 }, 100)).total).toBe(1 + 10 + 21);
    expect((await searchLeads(db, { status: 'spam', page: 1 }, 100)).total).toBe(1 + 5);

    // Their alerts are not sent years late: still held.
    const held = await db.selectFrom('notifications').select(['subject_id', 'status']).where('status', '=', 'skipped').execute();
    expect(held.map((n) => n.subject_id).sort()).toEqual(
      leads
        .filter((l) => l.id !== 'person' && !/office-[0-9]$/.test(l.id))
        .map((l) => l.id)
        .sort(),
    );
    // The history tells where they came from.
    const history = (await getLeadPipeline(db, 'autofill'))!.history;
    expect(history).toMatchObject([{ from: 'spam', to: 'new', actor: 'system' }]);
  });
});

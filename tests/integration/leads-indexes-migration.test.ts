import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { engineOf } from '../../lib/db/engine';
import type { DB } from '../../lib/db/connect.server';
import { migrations } from '../../lib/db/migrations';
import { overdueFor } from '../../lib/leads/pipeline/digest.server';
import { recordLead } from '../support/leads';
import { emptyEngines } from '../support/engines';

/**
 * Migration 0033: a stored lead no longer writes the index entries no read uses (its exact e-mail,
 * its first source outside the folder's index), and the follow-up index holds only the leads with
 * a follow-up. Down gives the indexes back; the digest's overdue follow-ups read the same either way.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function leadIndexes(db: DB): Promise<string[]> {
  const rows =
    engineOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'leads'`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'leads'`.execute(db))
          .rows;
  return rows.map((row) => row.name);
}

const lead = (email: string) => ({
  kind: 'contact' as const,
  fields: { name: 'Jane Doe', email, phone: '', message: 'Hello' },
  page: '/contact',
  consent: true,
  spamReason: null,
  clientAddress: '203.0.113.7',
  userAgent: 'test',
});

describe.each(emptyEngines)('migration 0033 (fewer lead indexes) on %s', (_engine, open) => {
  it('drops the unused indexes, keeps follow-ups indexed, and gives them back on down', async () => {
    const handle = await open();
    cleanups.push(handle.cleanup);
    const db = handle.db as DB;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const after = await leadIndexes(db);
    expect(after).not.toContain('leads_email_idx');
    expect(after).not.toContain('leads_first_source_idx');
    expect(after).toContain('leads_follow_up_idx');

    const { id } = await recordLead(db, lead('jane@example.com'), new Date('2026-11-20T10:00:00Z'));
    await db.updateTable('leads').set({ follow_up_on: '2026-11-21' }).where('id', '=', id).execute();
    const overdue = await overdueFor(db, 'owner-id', true, '2026-11-25');
    expect(overdue.leads.map((l) => l.id)).toEqual([id]);

    expect((await migrator.migrateTo('0032_outbox_due_by_channel')).error).toBeUndefined();
    expect(await leadIndexes(db)).toEqual(
      expect.arrayContaining(['leads_email_idx', 'leads_first_source_idx', 'leads_follow_up_idx']),
    );
    expect((await overdueFor(db, 'owner-id', true, '2026-11-25')).leads.map((l) => l.id)).toEqual([id]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await leadIndexes(db)).not.toContain('leads_email_idx');
  });
});

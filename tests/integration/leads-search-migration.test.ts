import { Migrator, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrations } from '../../lib/db/migrations';
import { emptyEngines } from '../support/engines';

/**
 * Migration 0005 on a database written by the release before it: every lead gets the search text
 * the Leads tab looks in, and leads flagged as spam get the status 'spam'. The expected text is
 * written out: the migration keeps its own frozen copy of the search text, whatever the app's
 * (lib/leads/search-text.ts) becomes.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- the rows of the schema as it was at 0004 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function lead(id: string, name: string, email: string, phone: string, is_spam = 0) {
  return {
    id,
    kind: 'contact',
    type: 'Contact Form',
    fields: JSON.stringify({ from_name: name, from_email: email, phone, message: 'Hello' }),
    name,
    email,
    phone,
    page: '/contact',
    status: 'new',
    is_spam,
    client_address: '203.0.113.1',
    user_agent: 'test',
    created_at: '2026-11-20T10:00:00.000Z',
  };
}

describe.each(emptyEngines)('migration 0005 (leads admin) on %s', (_engine, open) => {
  it("fills each lead's search text and files flagged spam under the status 'spam'", async () => {
    const handle = await open();
    cleanups.push(handle.cleanup);
    const migrator = new Migrator({ db: handle.db as DB, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0004_admin_content')).error).toBeUndefined();
    const old = handle.db as unknown as Kysely<any>;
    await old
      .insertInto('leads')
      .values([
        lead('lead-1', 'Jane O’Neil', 'JANE@Example.COM', '(208) 555-0142'),
        lead('lead-2', 'Sam', 'sam@example.com', ''),
        lead('lead-3', 'Cheap Pills', 'bot@spam.example', '+1 555 0100', 1),
      ])
      .execute();

    expect((await migrator.migrateTo('0005_leads_admin')).error).toBeUndefined();
    const rows = await old.selectFrom('leads').select(['id', 'search', 'status', 'notes']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'lead-1', search: 'jane o’neil jane@example.com (208) 555-0142 2085550142', status: 'new', notes: '' },
      { id: 'lead-2', search: 'sam sam@example.com  ', status: 'new', notes: '' },
      { id: 'lead-3', search: 'cheap pills bot@spam.example +1 555 0100 15550100', status: 'spam', notes: '' },
    ]);
  });
});

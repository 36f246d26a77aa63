import { afterEach, describe, expect, it } from 'vitest';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { SenderLimit } from '../../lib/vitals/sender-limit.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * The per-address allowance of Web Vitals reports, on real SQLite and PostgreSQL: one allowance
 * whichever instance counts, nothing but a hash kept, and past minutes deleted.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two handles on one migrated database: two instances. */
async function sqliteInstances(): Promise<[DB, DB]> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  const other = connect({ kind: 'sqlite', path: handle.path });
  cleanups.push(() => other.destroy());
  return [handle.db, other];
}

async function postgresInstances(adminUrl: string): Promise<[DB, DB]> {
  const handle = await tempPostgres(adminUrl, { migrated: true });
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  const other = connect({ kind: 'postgres', url: handle.url });
  cleanups.push(() => other.destroy());
  return [handle.db, other];
}

const MINUTE = 60_000 * 29_000_000;

describe.each(testEngines(sqliteInstances, postgresInstances))('the Web Vitals sender limit on %s', (_engine, instances) => {
  it('allows so many reports a minute across two instances together, then again the next minute', async () => {
    const [a, b] = await instances();
    const onA = new SenderLimit(async () => a, 3);
    const onB = new SenderLimit(async () => b, 3);
    const answers = await Promise.all([onA, onB, onA, onB, onA, onB].map((limit) => limit.allow('192.0.2.1', MINUTE)));
    expect(answers.filter(Boolean)).toHaveLength(3);
    expect(await onB.allow('192.0.2.2', MINUTE + 59_999)).toBe(true);
    expect(await onA.allow('192.0.2.1', MINUTE + 60_000)).toBe(true);

    const rows = await a.selectFrom('vitals_senders').selectAll().execute();
    // The minute before is gone; no row holds an address.
    expect(rows.every((row) => Number(row.minute) === MINUTE / 60_000 + 1)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('192.0.2');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { guessKeys } from '../../lib/auth/sign-in-keys';
import { beginAttempt } from '../../lib/auth/throttle.server';
import { signInLimits } from '../../lib/auth/throttle-rules';
import { connect, type DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

/**
 * The sign-in throttle under guesses sent at the same moment: exactly the allowance gets through,
 * on one SQLite process and across two instances (two connection pools) on one PostgreSQL.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sqliteInstances(): Promise<DB[]> {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  // One process, one connection: SQLite serves a single instance.
  return [handle.db];
}

async function postgresInstances(adminUrl: string): Promise<DB[]> {
  const handle = await tempPostgres(adminUrl, { migrated: true });
  cleanups.push(handle.cleanup);
  await migrateToLatest(handle.db);
  const other = connect({ kind: 'postgres', url: handle.url });
  cleanups.push(() => other.destroy());
  return [handle.db, other];
}

describe.each(testEngines(sqliteInstances, postgresInstances))('sign-in throttle on %s', (_engine, open) => {
  it('lets exactly the allowance through when twenty guesses arrive at once', async () => {
    const instances = await open();
    const now = new Date();
    const keys = guessKeys({ ip: '198.51.100.9', userAgent: 'test', devices: [] }, 'admin');
    const limits = signInLimits({ LOGIN_LIMIT_PER_MINUTE: 10, LOGIN_LIMIT_PER_HOUR: 100 });
    const decisions = await Promise.all(
      Array.from({ length: 20 }, (_, i) => beginAttempt(instances[i % instances.length]!, keys, limits, now)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    // Each counted against the address and the account.
    const rows = await instances[0]!.selectFrom('sign_in_attempts').select('attempt_id').execute();
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((row) => row.attempt_id)).size).toBe(10);
  });
});

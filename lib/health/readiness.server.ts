import 'server-only';
import type { DB } from '../db/connect.server';
import { getDb, isDatabaseReachable } from '../db/index.server';
import { pendingMigrations } from '../db/migrate.server';
import { outboxWorkersStarted } from '../notifications/process-worker.server';

/**
 * Whether this instance should be sent visitors (GET /api/ready, issue 33): it reaches its database,
 * the database has every migration of this release (an instance of a newer release started
 * beside an older database is not), and its outbox workers run (no lead's alert would wait for
 * another instance). Each check says in a word what it found, for the operator.
 */
export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'current' | 'pending' | 'unknown'; outbox: 'running' | 'stopped' };
  /** The migrations not applied yet, when there are. */
  pending?: string[];
}

/** `db`: the database to check, the server's by default. */
export async function readiness(db: () => Promise<DB> = getDb): Promise<Readiness> {
  const outbox = outboxWorkersStarted() ? 'running' : 'stopped';
  if (!(await isDatabaseReachable(db)))
    return { ready: false, checks: { database: 'unreachable', migrations: 'unknown', outbox } };
  const pending = await pendingMigrations(await db());
  const migrations = pending.length === 0 ? 'current' : 'pending';
  return {
    ready: migrations === 'current' && outbox === 'running',
    checks: { database: 'ok', migrations, outbox },
    ...(pending.length > 0 ? { pending } : {}),
  };
}

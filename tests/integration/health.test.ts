import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateDatabase } from '../../server/database';
import { tempDatabasePath } from '../support/temp-path';

/** isDatabaseReachable backs GET /api/health: 200 when true, 503 when false. */
async function reachableWith(databaseUrl: string): Promise<boolean> {
  vi.resetModules();
  vi.stubEnv('DATABASE_URL', databaseUrl);
  const { isDatabaseReachable } = await import('../../lib/db/index.server');
  return isDatabaseReachable();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('database health', () => {
  it('is reachable on a SQLite file the server has prepared', async () => {
    const temp = tempDatabasePath();
    try {
      await migrateDatabase(`file:${temp.path}`);
      expect(await reachableWith(`file:${temp.path}`)).toBe(true);
    } finally {
      temp.cleanup();
    }
  });

  it('is unreachable when the PostgreSQL server does not answer', async () => {
    expect(await reachableWith('postgres://nobody:secret@127.0.0.1:1/none')).toBe(false);
  });
});

/** What GET /api/ready answers from, on a database reached through DATABASE_URL. */
async function readinessWith(databaseUrl: string) {
  vi.resetModules();
  vi.stubEnv('DATABASE_URL', databaseUrl);
  const { readiness } = await import('../../lib/health/readiness.server');
  return readiness();
}

describe('readiness', () => {
  it('says what is wrong: an unreachable database, migrations not applied, no outbox workers', async () => {
    expect(await readinessWith('postgres://nobody:secret@127.0.0.1:1/none')).toEqual({
      ready: false,
      checks: { database: 'unreachable', migrations: 'unknown', outbox: 'stopped' },
    });

    const temp = tempDatabasePath();
    try {
      await migrateDatabase(`file:${temp.path}`);
      // Migrated, but this process started no outbox workers (the server's start-up route does).
      expect(await readinessWith(`file:${temp.path}`)).toEqual({
        ready: false,
        checks: { database: 'ok', migrations: 'current', outbox: 'stopped' },
      });
      const { getDb } = await import('../../lib/db/index.server');
      const db = await getDb();
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '0028_archive_versions' as never)
        .execute();
      const state = await readinessWith(`file:${temp.path}`);
      expect(state.checks.migrations).toBe('pending');
      expect(state.pending).toEqual(['0028_archive_versions']);
    } finally {
      temp.cleanup();
    }
  });
});

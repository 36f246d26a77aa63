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

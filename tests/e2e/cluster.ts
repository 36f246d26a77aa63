import { test } from '@playwright/test';
import type { DB } from '../../lib/db/connect.server';
import { startProductionServer, type RunningServer } from '../support/production-server';
import { postgresUrl, tempPostgres } from '../support/temp-db';

/**
 * Several production instances on one fresh PostgreSQL database, as an operator runs them behind a
 * load balancer. The database comes from TEST_POSTGRES_URL (.ci/run starts a PostgreSQL server);
 * the tests using this say so and are skipped where no PostgreSQL server is available.
 */

export interface Cluster {
  servers: RunningServer[];
  /** The shared database, for the test's own checks. */
  db: DB;
  databaseUrl: string;
  stop: () => Promise<void>;
}

/** Skips the calling test file when there is no PostgreSQL server to run instances on. */
export function requirePostgres(): void {
  test.skip(!postgresUrl, 'needs a PostgreSQL server: set TEST_POSTGRES_URL (.ci/run does)');
}

/** Starts `count` instances at the same moment on a new, empty database. */
export async function startCluster(count: number, env: Record<string, string> = {}): Promise<Cluster> {
  const database = await tempPostgres(postgresUrl!);
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      startProductionServer({ databasePath: `postgres instance ${i + 1}`, databaseUrl: database.url, env }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    for (const server of servers) await server.stop();
    await database.cleanup();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { servers, db: database.db, databaseUrl: database.url, stop };
}

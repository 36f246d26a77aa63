import { databaseTarget } from '../lib/env-schema';
import { connect } from '../lib/db/connect.server';
import { prepareDatabase } from '../lib/setup/prepare.server';
import { logger } from '../lib/log.server';

/**
 * Brings the database to this release's schema and fills a new one with the default content,
 * on a connection of its own that is closed again: the process's shared handle
 * (lib/db/index.server.ts) is opened afterwards by whoever needs it first. Instances starting at
 * once on one PostgreSQL database take turns (lib/setup/prepare.server.ts): one migrates and seeds,
 * the others wait for it and then find nothing to do.
 */
export async function migrateDatabase(databaseUrl: string): Promise<{ applied: string[]; seeded: boolean }> {
  const db = connect(databaseTarget(databaseUrl));
  try {
    return await prepareDatabase(db, {
      onWait: () => logger.info('Another instance is migrating the database: waiting for it to finish'),
    });
  } finally {
    await db.destroy();
  }
}

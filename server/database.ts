import { databaseTarget } from '../lib/env-schema';
import { connect } from '../lib/db/connect.server';
import { migrateToLatest } from '../lib/db/migrate.server';
import { seedIfEmpty } from '../lib/db/seed.server';

/**
 * Brings the database to this release's schema and fills a new one with the default content,
 * on a connection of its own that is closed again: the process's shared handle
 * (lib/db/index.server.ts) is opened afterwards by whoever needs it first.
 */
export async function migrateDatabase(databaseUrl: string): Promise<{ applied: string[]; seeded: boolean }> {
  const db = connect(databaseTarget(databaseUrl));
  try {
    const applied = await migrateToLatest(db);
    const seeded = await seedIfEmpty(db);
    return { applied, seeded };
  } finally {
    await db.destroy();
  }
}

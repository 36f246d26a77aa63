import 'server-only';
import { Migrator, type MigrationResultSet } from 'kysely';
import type { DB } from './connect.server';
import { migrations } from './migrations';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

const migratorOf = (db: DB) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** Brings the schema to the newest migration. Already-applied migrations are skipped. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = migratorOf(db);
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(`Database migration ${failed} failed: ${cause}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations of this release not applied to the database yet (readiness: lib/health/). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const known = await migratorOf(db).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

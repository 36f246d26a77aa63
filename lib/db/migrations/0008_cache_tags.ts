import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One row per cache tag: how many times it has expired. Every instance compares the versions it
 * has seen with these (at most once a second) and expires what changed, so a change announced
 * while an instance was not listening still reaches it (ADR 014).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cache_tags')
    .addColumn('tag', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('expired_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cache_tags').execute();
}

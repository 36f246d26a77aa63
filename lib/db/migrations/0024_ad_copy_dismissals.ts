import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 31, point 6: the ad-copy checker's warnings the owner or an editor dismissed. A row is a
 * finding's key (rule, place and a hash of the claim's words: lib/compliance/ad-copy.ts), so a
 * dismissal holds on every instance until the claim's words change, which makes a new key. Who
 * dismissed it and when are also in the activity log; the note is optional.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ad_copy_dismissals')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('dismissed_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('dismissed_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('note', 'varchar(500)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ad_copy_dismissals').execute();
}

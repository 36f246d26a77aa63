import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 33, point 2: the Overview's setup checklist items the owner skipped. In the database, not
 * a cookie, so every instance and every device hides the same ones; 'Show again' deletes the rows.
 * A row is an item's id (lib/setup-checklist/items.ts); who skipped it and when are also in the
 * activity log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_checklist_dismissals')
    .addColumn('item', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('dismissed_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('dismissed_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('setup_checklist_dismissals').execute();
}

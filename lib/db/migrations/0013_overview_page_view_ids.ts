import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The page views the overview has counted (issue 18): one row per page view's random id (the
 * beacon's, lib/vitals/report.ts), so `page_views` grows once per view, on its first report,
 * whichever instance receives it and however its reports are split. A view's metrics cannot tell
 * this apart (a later report carries only what changed, which may be metrics never sent before),
 * and the key makes it exact: of two instances inserting the same id at once, one waits for the
 * other and then inserts nothing. `day` lets old ids be pruned with the Web Vitals.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_view_ids')
    .addColumn('view_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('page_view_ids_day_idx').on('page_view_ids').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_view_ids').execute();
}

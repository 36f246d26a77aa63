import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Real visitors' Web Vitals (lib/vitals/): one row per page view and metric. The key makes a page
 * view count each metric once whichever instance receives its reports: a later report of the same
 * view replaces the value (INP and CLS grow while the page is open), at most `reports` times.
 * Nothing about the visitor is kept: no address, no cookie, no user agent; `view_id` is random per
 * page view and `day` a UTC date, not a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_vitals')
    .addColumn('view_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('metric', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('device', 'varchar(8)', (c) => c.notNull())
    .addColumn('connection', 'varchar(8)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('reports', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('web_vitals_pkey', ['view_id', 'metric'])
    .execute();
  // The Site Speed page reads a range of days per page and metric, in value order (the 75th
  // percentile), and pruning deletes the oldest days: both from this index.
  await db.schema.createIndex('web_vitals_day_idx').on('web_vitals').columns(['day', 'path', 'metric', 'value']).execute();
  // The per-minute allowance of reports per sender, shared by every instance: a hash of the
  // address with the minute, never the address; past minutes are deleted as a new one begins.
  await db.schema
    .createTable('vitals_senders')
    .addColumn('sender', 'varchar(32)', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('vitals_senders_pkey', ['sender', 'minute'])
    .execute();
  await db.schema.createIndex('vitals_senders_minute_idx').on('vitals_senders').column('minute').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vitals_senders').execute();
  await db.schema.dropTable('web_vitals').execute();
}

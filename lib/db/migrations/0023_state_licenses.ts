import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 31, point 3: the broker's state licenses (lib/licenses/), which the owner records and the
 * licenses page lists with each state's required notice; routing by state reads them. A removed
 * license keeps its row with `removed_at` set, and an edit keeps `created_at`: the ad archive
 * (issue 31, point 5) must tell what the page said on a past day, and the activity log's entries
 * are deleted after their retention period. No customer data: the whole table is the broker's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('state_licenses')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // A USPS code: the fifty states, DC, PR, GU, VI.
    .addColumn('state', 'varchar(2)', (c) => c.notNull())
    .addColumn('license_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('license_number', 'varchar(60)', (c) => c.notNull())
    .addColumn('regulator_name', 'varchar(200)', (c) => c.notNull())
    // https:// only; null when the owner gave none.
    .addColumn('regulator_url', 'varchar(300)')
    // The state's required notice, word for word; '' when none was entered.
    .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('removed_at', 'varchar(32)')
    .execute();
  // Routing asks "is there a license in this state?" for every lead.
  await db.schema.createIndex('state_licenses_state_idx').on('state_licenses').columns(['state', 'removed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('state_licenses').execute();
}

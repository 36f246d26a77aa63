import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 31, point 2: routing by state. Each lead keeps the property's state it was routed by
 * (`property_state`), whether that state is outside the broker's licenses (`outside_licenses`: the
 * lead is stored and shown all the same, assigned to the owner, who decides), and which of its
 * state's turns assigned it (`routing_turn`). Each state's routing row counts its turns (`turns`):
 * the turns of a state's leads run 1, 2, 3... without a gap or a repeat, which shows an examiner
 * (and the tests) that no two leads were ever given the same turn, however many instances stored
 * them at once. Leads stored before this keep null and 0: they were never routed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  await db.schema.alterTable('leads').addColumn('property_state', 'varchar(2)').execute();
  await db.schema
    .alterTable('leads')
    .addColumn('outside_licenses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('leads').addColumn('routing_turn', 'integer').execute();
  await db.schema
    .alterTable('lead_routing')
    .addColumn('turns', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The "Outside our licenses" filter: few leads, newest first (as the "Possible bot" one).
  await db.schema
    .createIndex('leads_outside_licenses_idx')
    .on('leads')
    .columns(['created_at', 'id'])
    .where(sql.ref('outside_licenses'), '=', 1)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_outside_licenses_idx').execute();
  await db.schema.alterTable('lead_routing').dropColumn('turns').execute();
  await db.schema.alterTable('leads').dropColumn('routing_turn').execute();
  await db.schema.alterTable('leads').dropColumn('outside_licenses').execute();
  await db.schema.alterTable('leads').dropColumn('property_state').execute();
}

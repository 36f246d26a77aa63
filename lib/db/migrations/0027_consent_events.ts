import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 31, point 4: consent to be contacted, given and withdrawn, per address and channel
 * (lib/consent/). Append-only: the latest event of an address for a channel is its state, the
 * earlier ones its history. The address is stored normalized and in the clear, as the leads keep
 * it: a hash of a phone number is no secret (ten digits are enumerated in seconds), a keyed hash
 * would forget every withdrawal at a SECRET_KEY rotation, and a privacy request finds, exports and
 * deletes the rows by it. No foreign key to the lead: a withdrawal outlives a deleted lead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consent_events')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('address_kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('address', 'varchar(254)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('lead_id', 'varchar(32)')
    .addColumn('note', 'varchar(500)')
    .addColumn('actor', 'varchar(254)')
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The outbox asks for an address's latest event before every message to a visitor.
  await db.schema.createIndex('consent_events_address').on('consent_events').columns(['address_kind', 'address', 'at']).execute();
  await db.schema.createIndex('consent_events_lead').on('consent_events').column('lead_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consent_events').execute();
}

import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  // One row per Stripe Checkout Session, written only by the signed webhook.
  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('checkout_session_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('payment_intent_id', 'varchar(255)')
    .addColumn('plan', 'varchar(32)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('customer_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('last_event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_created_idx').on('payments').column('created_at').execute();
  await db.schema.createIndex('payments_email_idx').on('payments').column('customer_email').execute();

  // Every Stripe event handled, by its id: a redelivered event is recognised and changes nothing.
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('checkout_session_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payment_events', 'payments']) await db.schema.dropTable(table).execute();
}

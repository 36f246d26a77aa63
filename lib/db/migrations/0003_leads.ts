import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  // Every lead of every kind. `fields` holds everything the visitor submitted (JSON); name, email
  // and phone are copied out for search. Spam is kept, flagged, never deleted on arrival.
  await db.schema
    .createTable('leads')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('phone', 'varchar(64)', (c) => c.notNull())
    .addColumn('page', 'varchar(300)', (c) => c.notNull())
    .addColumn('consent_text', 'text')
    .addColumn('consent_at', 'varchar(32)')
    .addColumn('consent_page', 'varchar(300)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('new'))
    .addColumn('is_spam', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('spam_reason', 'varchar(32)')
    .addColumn('client_address', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_created_idx').on('leads').column('created_at').execute();
  await db.schema.createIndex('leads_kind_created_idx').on('leads').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('leads_status_idx').on('leads').column('status').execute();
  await db.schema.createIndex('leads_email_idx').on('leads').column('email').execute();
  // The per-address rate limit counts an address's recent leads.
  await db.schema.createIndex('leads_address_idx').on('leads').columns(['client_address', 'created_at']).execute();

  // The outbox: one notification per lead, written in the lead's transaction, sent by the worker.
  await db.schema
    .createTable('lead_notifications')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(32)', (c) => c.notNull().unique().references('leads.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lead_notifications_due_idx')
    .on('lead_notifications')
    .columns(['status', 'next_attempt_at'])
    .execute();

  // Every delivery attempt, successful or not, with the transport's error.
  await db.schema
    .createTable('lead_notification_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('notification_id', 'varchar(32)', (c) => c.notNull().references('lead_notifications.id').onDelete('cascade'))
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('transport', 'varchar(16)', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('lead_notification_attempts_notification_idx')
    .on('lead_notification_attempts')
    .columns(['notification_id', 'attempted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['lead_notification_attempts', 'lead_notifications', 'leads']) {
    await db.schema.dropTable(table).execute();
  }
}

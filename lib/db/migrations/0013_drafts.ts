import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * 'Save and finish later' (issue 19): an application the visitor saved with their e-mail address.
 * The resume link carries a random token; the row keeps only its SHA-256. The typed values are
 * JSON (the application's fields and the consent box), kept until the application is submitted
 * or the draft expires (30 days after its last save; the retention job deletes it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('application_drafts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('field_values', 'text', (c) => c.notNull())
    // The step the visitor was on when they saved: 0 (project) or 1 (borrower).
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 only when the visitor ticked the consent to calls and texts.
    .addColumn('consent', 'integer', (c) => c.notNull().defaultTo(0))
    // Who saved it: new drafts per address are limited, as e-mails go to any address typed.
    .addColumn('client_address', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('application_drafts_expires_idx').on('application_drafts').column('expires_at').execute();
  await db.schema.createIndex('application_drafts_email_idx').on('application_drafts').column('email').execute();
  await db.schema
    .createIndex('application_drafts_address_idx')
    .on('application_drafts')
    .columns(['client_address', 'created_at'])
    .execute();
  await db.schema.createIndex('application_drafts_updated_idx').on('application_drafts').column('updated_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('application_drafts').execute();
}

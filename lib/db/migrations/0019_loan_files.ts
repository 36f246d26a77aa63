import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 30: a loan file per applicant (lib/loan-files/). A file is opened from a lead and keeps its
 * own copy of the borrower's contact details, the builder, the milestone it has reached with every
 * change (the borrower's timeline, the Overview's time per stage) and the needs list. The borrower
 * signs in to the portal by a one-time link e-mailed to them, the builder opens their share by a
 * link of their own: every token is random and only its SHA-256 is kept. No foreign keys, like the
 * leads' status history: whoever deletes a file deletes its rows in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('loan_files')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('borrower_name', 'varchar(200)', (c) => c.notNull())
    // Trimmed and lower case: the portal's sign-in looks the address up by equality.
    .addColumn('borrower_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('borrower_phone', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('property_address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('builder_name', 'varchar(200)')
    .addColumn('builder_email', 'varchar(254)')
    .addColumn('builder_license', 'varchar(100)')
    .addColumn('milestone', 'varchar(40)', (c) => c.notNull())
    // The builder's link; null until one is made, and again when the builder's address changes.
    .addColumn('builder_token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('loan_files_borrower_email_idx').on('loan_files').column('borrower_email').execute();
  await db.schema.createIndex('loan_files_created_idx').on('loan_files').column('created_at').execute();

  await db.schema
    .createTable('loan_file_items')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    // The needs-list template it came from; null for an item added by hand.
    .addColumn('template_key', 'varchar(64)')
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('note', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    // 'borrower' | 'builder'
    .addColumn('owed_by', 'varchar(16)', (c) => c.notNull())
    // 'requested' | 'uploaded' | 'accepted' | 'rejected'
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reject_reason', 'varchar(500)')
    // The admin account that last accepted or rejected it.
    .addColumn('reviewed_by', 'varchar(32)')
    // A UTC date, YYYY-MM-DD: when the document runs out (the builder's insurance certificate).
    .addColumn('expires_on', 'varchar(10)')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('loan_file_items_file_idx').on('loan_file_items').columns(['file_id', 'position']).execute();

  await db.schema
    .createTable('loan_file_milestones')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('milestone', 'varchar(40)', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    // The admin account that set it; null when the system did (the file's opening by an application).
    .addColumn('by_account', 'varchar(32)')
    .execute();
  await db.schema.createIndex('loan_file_milestones_file_idx').on('loan_file_milestones').columns(['file_id', 'at']).execute();

  // One-time sign-in links to the borrower's portal (30 minutes), counted per address for the limit.
  await db.schema
    .createTable('portal_links')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    // SHA-256 of the address the link was sent to (trimmed, lower case): never the address.
    .addColumn('email_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_links_email_idx').on('portal_links').columns(['email_hash', 'created_at']).execute();
  await db.schema.createIndex('portal_links_file_idx').on('portal_links').column('file_id').execute();
  await db.schema.createIndex('portal_links_expires_idx').on('portal_links').column('expires_at').execute();

  // A signed-in borrower's session (12 hours): the cookie holds the token, the row its hash.
  await db.schema
    .createTable('portal_sessions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_sessions_file_idx').on('portal_sessions').column('file_id').execute();
  await db.schema.createIndex('portal_sessions_expires_idx').on('portal_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['portal_sessions', 'portal_links', 'loan_file_milestones', 'loan_file_items', 'loan_files'])
    await db.schema.dropTable(table).execute();
}

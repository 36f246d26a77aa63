import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 30, point 8: outstanding items are reminded automatically (lib/loan-files/reminders.server.ts).
 * Each item keeps when it was last in a reminder, so the interval counts from there; each file
 * keeps when its borrower and its builder were last reminded, so neither gets more than one a day,
 * and several instances claim a reminder by moving that stamp in one conditional update. The
 * interval itself is one setting for every file, in app_meta (no column).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('loan_file_items').addColumn('last_reminded_at', 'varchar(32)').execute();
  await db.schema.alterTable('loan_files').addColumn('borrower_reminded_at', 'varchar(32)').execute();
  await db.schema.alterTable('loan_files').addColumn('builder_reminded_at', 'varchar(32)').execute();
  // The hourly check looks for the items still owed.
  await db.schema.createIndex('loan_file_items_state_idx').on('loan_file_items').columns(['state', 'file_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('loan_file_items_state_idx').execute();
  await db.schema.alterTable('loan_files').dropColumn('builder_reminded_at').execute();
  await db.schema.alterTable('loan_files').dropColumn('borrower_reminded_at').execute();
  await db.schema.alterTable('loan_file_items').dropColumn('last_reminded_at').execute();
}

import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 30, point 5: a document's chunks are kept in the database or, when configured, in
 * S3-compatible object storage (lib/documents/). Each document records where its own chunks are,
 * so changing the setting never strands the documents stored before: they are read from where
 * they were written. Every document so far is in the database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('documents')
    .addColumn('chunk_store', 'varchar(16)', (c) => c.notNull().defaultTo('database'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('chunk_store').execute();
}

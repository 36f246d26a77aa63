import type { Kysely } from 'kysely';
import { engineOf } from '../engine';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 30: uploaded documents (a borrower's bank statements, a builder's license), encrypted at
 * rest (lib/documents/). Each document has its own AES-256-GCM key, kept wrapped by SECRET_KEY, and
 * its content in 1 MiB encrypted chunks, one row each, so an upload is written and a download read
 * a chunk at a time whatever the file's size. The file name may carry personal data: sealed too.
 * A row stays 'writing' until its last chunk is in; the chunks refer to their document, so a
 * document cannot be deleted before its chunks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Kysely writes the type name as given: SQLite knows `blob`, PostgreSQL only `bytea`.
  const binary = engineOf(db) === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('documents')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('wrapped_key', 'text', (c) => c.notNull())
    .addColumn('nonce_prefix', binary, (c) => c.notNull())
    .addColumn('chunk_count', 'integer', (c) => c.notNull())
    .addColumn('scan', 'varchar(16)', (c) => c.notNull())
    .addColumn('scan_signature', 'varchar(200)')
    .addColumn('uploaded_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_owner_idx').on('documents').columns(['owner', 'created_at']).execute();

  await db.schema
    .createTable('document_chunks')
    .addColumn('document_id', 'varchar(32)', (c) => c.notNull().references('documents.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addPrimaryKeyConstraint('document_chunks_pk', ['document_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_chunks').execute();
  await db.schema.dropTable('documents').execute();
}

import type { Kysely } from 'kysely';
import { engineOf } from '../engine';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  // Kysely writes the type name as given: SQLite knows `blob`, PostgreSQL only `bytea`.
  const binary = engineOf(db) === 'postgres' ? 'bytea' : 'blob';

  // Every saved version of the site content, so the owner can see what changed and restore any.
  await db.schema
    .createTable('content_revisions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('revision', 'integer', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .execute();

  // Uploaded images (already re-encoded) and the ebook PDF, served from /media/<id>.<ext>.
  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('bytes', binary, (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_sha256_idx').on('media').column('sha256').execute();

  // A post's earlier slugs, answered with a permanent redirect to its current URL.
  await db.schema
    .createTable('post_redirects')
    .addColumn('old_slug', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('post_id', 'varchar(64)', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['post_redirects', 'media', 'content_revisions']) {
    await db.schema.dropTable(table).execute();
  }
}

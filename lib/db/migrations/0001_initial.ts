import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_content')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('rates')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('icon', 'varchar(32)', (c) => c.notNull())
    .addColumn('rate', 'varchar(64)', (c) => c.notNull())
    .addColumn('apr', 'varchar(64)', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rates_position_idx').on('rates').column('position').execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_custom', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('posts_published_idx').on('posts').column('published_at').execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['app_meta', 'posts', 'rates', 'site_content']) {
    await db.schema.dropTable(table).execute();
  }
}

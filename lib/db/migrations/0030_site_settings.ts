import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 33, point 1: the settings the owner enters in the admin instead of the environment (mail,
 * text messages, the site's public address), and what the admin records about them (when a test
 * e-mail last went through). One row per key: a plain value in `value`, a secret (a password, a
 * private key, an auth token) sealed with SECRET_KEY in `sealed` and never in the clear. Read by
 * every instance at each send, so a change holds everywhere without a restart.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text')
    .addColumn('sealed', 'text')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
}

import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  // One row ('admin'): the password hash with its parameters, and whether it is the built-in default.
  await db.schema
    .createTable('admin_credentials')
    .addColumn('username', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // Only a SHA-256 of each session token is stored, so a copy of the database signs nobody in.
  await db.schema
    .createTable('admin_sessions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .execute();

  // Sign-in attempts still counting against the limits (failed ones, and ones in progress).
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_attempts_time_idx').on('sign_in_attempts').column('attempted_at').execute();
  await db.schema.createIndex('sign_in_attempts_ip_idx').on('sign_in_attempts').columns(['ip', 'attempted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sign_in_attempts', 'admin_sessions', 'admin_credentials']) {
    await db.schema.dropTable(table).execute();
  }
}

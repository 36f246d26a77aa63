import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Sign-in limits per key (issue 28, ADR 026): one row per attempt and key it counts against (a
 * client address or IPv6 /64, an account, a device cookie, a session), the key stored as a hash.
 * The rows of the old table (a day of failures per address) are dropped: the limits start afresh
 * once, at this upgrade.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_attempts').execute();
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // The attempt the row belongs to: a successful sign-in removes all its rows.
    .addColumn('attempt_id', 'varchar(32)', (c) => c.notNull())
    // '<kind>:<hash of the value>', e.g. 'address:3f1c...'.
    .addColumn('throttle_key', 'varchar(80)', (c) => c.notNull())
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_attempts_key_idx')
    .on('sign_in_attempts')
    .columns(['throttle_key', 'attempted_at'])
    .execute();
  await db.schema.createIndex('sign_in_attempts_attempt_idx').on('sign_in_attempts').column('attempt_id').execute();
  await db.schema.createIndex('sign_in_attempts_time_idx').on('sign_in_attempts').column('attempted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_attempts').execute();
  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_attempts_time_idx').on('sign_in_attempts').column('attempted_at').execute();
  await db.schema.createIndex('sign_in_attempts_ip_idx').on('sign_in_attempts').columns(['ip', 'attempted_at']).execute();
}

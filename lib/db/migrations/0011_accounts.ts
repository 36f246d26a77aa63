import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Accounts and the Safeguards Rule (ADR 018): the one admin password becomes the owner's account
 * among team accounts, each with its own sessions, second factors and role; an append-only
 * activity log; the tables two-factor sign-in and invitations keep their short-lived state in
 * (in the database, so every instance agrees); and a lead's last activity, from which retention
 * counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_users')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // null for the built-in owner account ('admin'), which signs in with the password alone.
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    // The TOTP secret, encrypted with SECRET_KEY (lib/auth/secret-box.server.ts); null until set up.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', 'varchar(32)')
    // The last time step a code was accepted for: a code is refused the second time.
    .addColumn('totp_last_step', 'integer')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`insert into admin_users (id, email, name, role, password_hash, is_default, created_at, updated_at)
    select username, null, 'Owner', 'owner', password_hash, is_default, updated_at, updated_at from admin_credentials`.execute(
    db,
  );
  await db.schema.dropTable('admin_credentials').execute();

  // Sessions belong to an account; `authenticated_at` is the last full sign-in (password and second
  // factor), which step-up checks (exports, security settings, deletions) require to be recent.
  await db.schema
    .alterTable('admin_sessions')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().defaultTo('admin'))
    .execute();
  await db.schema.alterTable('admin_sessions').addColumn('authenticated_at', 'varchar(32)').execute();
  await sql`update admin_sessions set authenticated_at = created_at`.execute(db);
  await db.schema.createIndex('admin_sessions_user_idx').on('admin_sessions').column('user_id').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();

  await db.schema
    .createTable('passkeys')
    // The credential id (base64url), as the authenticator names it.
    .addColumn('id', 'varchar(512)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  // Short-lived steps of a sign-in or a setup (a password accepted and waiting for its code, a
  // WebAuthn challenge, a TOTP secret waiting for its first code). Only a hash of the token the
  // browser holds is stored.
  await db.schema
    .createTable('auth_challenges')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_challenges_expiry_idx').on('auth_challenges').column('expires_at').execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('invited_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .execute();

  // Append-only: entries are added, and deleted only by the retention job once older than the
  // configured period. `actor` is a label kept as it was (an account may be removed later);
  // `target` names a row by id, never a visitor's e-mail, so a privacy deletion leaves the log whole.
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(32)')
    .addColumn('actor', 'varchar(254)', (c) => c.notNull())
    .addColumn('action', 'varchar(48)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('activity_log_at_idx').on('activity_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('activity_log_action_idx').on('activity_log').columns(['action', 'at']).execute();
  await db.schema.createIndex('activity_log_actor_idx').on('activity_log').columns(['actor_id', 'at']).execute();
  // The database itself refuses to change an entry, whatever code asks.
  if (engineOf(db) === 'sqlite') {
    await sql`create trigger activity_log_no_update before update on activity_log
      begin select raise(abort, 'activity_log is append-only'); end`.execute(db);
  } else {
    await sql`create or replace function activity_log_refuse_update() returns trigger language plpgsql as $$
      begin raise exception 'activity_log is append-only'; end $$`.execute(db);
    await sql`create trigger activity_log_no_update before update on activity_log
      for each row execute function activity_log_refuse_update()`.execute(db);
  }

  // Retention counts from a lead's last activity (submitted, status or note changed).
  await db.schema.alterTable('leads').addColumn('last_activity_at', 'varchar(32)').execute();
  await sql`update leads set last_activity_at = created_at`.execute(db);
  await db.schema.createIndex('leads_last_activity_idx').on('leads').column('last_activity_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_last_activity_idx').execute();
  await db.schema.alterTable('leads').dropColumn('last_activity_at').execute();
  await db.schema.dropTable('activity_log').execute();
  if (engineOf(db) === 'postgres') await sql`drop function if exists activity_log_refuse_update()`.execute(db);
  for (const table of ['invites', 'auth_challenges', 'passkeys', 'recovery_codes']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('admin_sessions_user_idx').execute();
  await db.schema.alterTable('admin_sessions').dropColumn('authenticated_at').execute();
  await db.schema.alterTable('admin_sessions').dropColumn('user_id').execute();
  await db.schema
    .createTable('admin_credentials')
    .addColumn('username', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await sql`insert into admin_credentials select id, password_hash, is_default, updated_at from admin_users where id = 'admin'`.execute(
    db,
  );
  await db.schema.dropTable('admin_users').execute();
}

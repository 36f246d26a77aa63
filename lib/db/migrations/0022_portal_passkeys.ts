import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 30, point 3: a signed-in borrower can add a passkey to the portal, then sign in with it
 * instead of an e-mailed link (lib/loan-files/portal-passkeys.server.ts). Like the admin's
 * `passkeys` (migration 0011), each row is a WebAuthn credential's public key, never a secret; it
 * opens one loan file. No foreign key, as in migration 0019: whoever deletes a file deletes its
 * passkeys (lib/loan-files/erase.server.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portal_passkeys')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    // The credential id (base64url), as the authenticator names it: what a sign-in looks up.
    .addColumn('credential_id', 'varchar(512)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    // SHA-256 of the borrower's address when it was added (as portal_links keep it): a passkey
    // signs in only while the file's address is still that one.
    .addColumn('email_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('portal_passkeys_file_idx').on('portal_passkeys').column('file_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('portal_passkeys').execute();
}

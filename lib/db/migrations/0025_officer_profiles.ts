import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 31, points 1 and 2: a loan officer's public profile (name, photo, title, NMLS ID, the
 * states they are licensed in, languages, phone, short bio) on /team/<slug>, and what routing by
 * state needs: whether the officer takes new leads now (`away`), and whose turn it is in each
 * state (`lead_routing`, one row per state, advanced atomically in the transaction that stores the
 * lead, so two leads at once on two instances never go to the same officer out of turn).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('officer_profiles')
    // One profile per account that originates: admin_users.id (the owner's is 'admin').
    .addColumn('account_id', 'varchar(32)', (c) => c.primaryKey())
    // The public page's address: /team/<slug>, lower case letters, digits and hyphens.
    .addColumn('slug', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    // Digits only (NMLS unique identifiers are 1 to 12 digits).
    .addColumn('nmls_id', 'varchar(12)', (c) => c.notNull())
    // JSON array of USPS codes the officer is licensed in, e.g. ["ID","TX"].
    .addColumn('states', 'text', (c) => c.notNull().defaultTo('[]'))
    // JSON array of languages spoken, e.g. ["English","Spanish"].
    .addColumn('languages', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    // A media row's id (lib/media) for the photo; null: none.
    .addColumn('photo_media_id', 'varchar(32)')
    // 1: shown on /team and in the sitemap.
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    // 1: away (the owner's setting): routing skips the officer; their profile stays up.
    .addColumn('away', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lead_routing')
    // A USPS code.
    .addColumn('state', 'varchar(2)', (c) => c.primaryKey())
    // The account the last lead of the state went to; the next goes to the one after it.
    .addColumn('last_account_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_routing').execute();
  await db.schema.dropTable('officer_profiles').execute();
}

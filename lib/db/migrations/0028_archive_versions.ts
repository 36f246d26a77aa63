import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 31, point 5: the ad archive (Regulation N, 12 CFR 1014.5: every materially different
 * commercial communication, websites included, kept 24 months). One row per change of a source of
 * the public pages (the content, the rates, a post, the licenses, an officer's profile): the whole
 * state of that source after the change, written in the change's own transaction, and only when it
 * differs from the source's previous version, so the table grows with edits, never with visits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('archive_versions')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // 'content' | 'rates' | 'post' | 'licenses' | 'officers'.
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    // Which one of the source: 'site' for the site-wide sources, a post's or an account's id.
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull())
    // When this version went live; strictly increasing per source.
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    // JSON of the source's whole state after the change; 'null' when the change removed it.
    .addColumn('document', 'text', (c) => c.notNull())
    // SHA-256 of `document`, hex: an unchanged save is told by comparing it with the last version's.
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  // The version of each source live at a given time, and a source's latest version.
  await db.schema
    .createIndex('archive_versions_source_at')
    .on('archive_versions')
    .columns(['source', 'source_id', 'at'])
    .unique()
    .execute();
  // An export's date range, the retention cutoff.
  await db.schema.createIndex('archive_versions_at').on('archive_versions').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('archive_versions').execute();
}

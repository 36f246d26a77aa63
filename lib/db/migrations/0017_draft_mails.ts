import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 27: every resume e-mail 'Save and finish later' queues is written down here, so the limits
 * on them (per draft, per recipient, per day: ADR 029) are counted in the database and hold with
 * several instances. A row names the draft and the SHA-256 of the normalized recipient address,
 * never the address; it outlives its draft (a submitted or deleted draft still counted) and the
 * retention job deletes it after two days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('draft_resume_mails')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('draft_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('recipient_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('queued_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('draft_resume_mails_draft_idx')
    .on('draft_resume_mails')
    .columns(['draft_id', 'queued_at'])
    .execute();
  await db.schema
    .createIndex('draft_resume_mails_recipient_idx')
    .on('draft_resume_mails')
    .columns(['recipient_hash', 'queued_at'])
    .execute();
  await db.schema.createIndex('draft_resume_mails_queued_idx').on('draft_resume_mails').column('queued_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('draft_resume_mails').execute();
}

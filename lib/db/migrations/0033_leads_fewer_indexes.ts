import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 32 (leads per second): a stored lead writes three index entries that no read uses.
 *
 * - `leads_email_idx` (migration 0003): no query looks a lead up by its exact e-mail. The privacy
 *   search reads `lower(email) like ...`, the payments' match `lower(email) in (...)`, and the
 *   Leads tab's search the `search` column. An e-mail lands anywhere in the index, so each lead of
 *   a batch dirtied a page of its own.
 * - `leads_first_source_idx` (migration 0012): the source filter walks
 *   `leads_folder_first_source_created_idx` (migration 0029), which begins with the folder.
 * - `leads_follow_up_idx` (migration 0012) held every lead, and a lead arrives without a follow-up.
 *   Kept for the leads that have one: the daily digest's overdue follow-ups
 *   (`follow_up_on < today`, which implies not null, so both engines use the partial index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_email_idx').execute();
  await db.schema.dropIndex('leads_first_source_idx').execute();
  await db.schema.dropIndex('leads_follow_up_idx').execute();
  await db.schema
    .createIndex('leads_follow_up_idx')
    .on('leads')
    .columns(['follow_up_on', 'assignee_id'])
    .where(sql.ref('follow_up_on'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('leads_follow_up_idx').execute();
  await db.schema.createIndex('leads_follow_up_idx').on('leads').columns(['follow_up_on', 'assignee_id']).execute();
  await db.schema.createIndex('leads_first_source_idx').on('leads').columns(['first_source', 'created_at']).execute();
  await db.schema.createIndex('leads_email_idx').on('leads').column('email').execute();
}

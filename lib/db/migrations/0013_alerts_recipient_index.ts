import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A webhook endpoint's recent deliveries (Integrations) are its recipient's newest notifications:
 * an index on (recipient, created_at) answers them without reading every lead's notifications.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('notifications_recipient_idx').on('notifications').columns(['recipient', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_recipient_idx').execute();
}

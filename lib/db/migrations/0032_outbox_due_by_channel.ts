import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Issue 32 (leads per second): the outbox's due index leads with the channel after the status.
 *
 * Every worker (one per lane: e-mail to the broker, e-mail to visitors, push, SMS, webhooks) looks
 * for its channel's next due notification whenever a lead is stored. With (status, next_attempt_at,
 * channel, recipient), the push, SMS and webhook workers walked every waiting e-mail to find none
 * of their own: with e-mail not set up, or its server down, each stored lead cost a walk over the
 * whole backlog, several times over (the load test's leads went from 2,900/s to 1,300/s as the
 * backlog grew). With (status, channel, next_attempt_at, recipient), a claim reads only its own
 * channel's due entries, and the dashboard's and /metrics' reads by status keep their prefix.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_due_idx').execute();
  await db.schema
    .createIndex('notifications_due_idx')
    .on('notifications')
    .columns(['status', 'channel', 'next_attempt_at', 'recipient'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_due_idx').execute();
  await db.schema
    .createIndex('notifications_due_idx')
    .on('notifications')
    .columns(['status', 'next_attempt_at', 'channel', 'recipient'])
    .execute();
}

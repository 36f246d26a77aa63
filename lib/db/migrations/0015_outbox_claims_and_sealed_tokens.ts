import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The outbox after the security review (issue 28) and the lanes of issue 27 (ADR 028):
 *
 * - `claimed_until`: until when a worker holds a notification it is sending, so 'Retry now' and
 *   'Resend' leave it alone meanwhile (another instance would otherwise send it at the same time).
 * - `sealed_secret`: a token kept out of the payload, sealed with SECRET_KEY, put back only when
 *   sending and dropped once sent (invitation and resume links).
 * - The due index also holds the recipient, so a lane's claim (the broker's e-mail apart from the
 *   visitors') is answered from the index.
 * - Invitation and resume e-mails already sent lose their token: the payload keeps the message
 *   with the token replaced. Those not yet sent are left to be sent as they are.
 */

const REMOVED = '[removed once sent]';

/** The token of an invitation link (/invite/<token>) or a resume link (?resume=<token>): 43 base64url characters. */
const TOKENS = [/(\/invite\/)[A-Za-z0-9_-]{20,}/g, /([?&]resume=)[A-Za-z0-9_-]{20,}/g];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('claimed_until', 'varchar(32)').execute();
  await db.schema.alterTable('notifications').addColumn('sealed_secret', 'text').execute();

  await db.schema.dropIndex('notifications_due_idx').execute();
  await db.schema
    .createIndex('notifications_due_idx')
    .on('notifications')
    .columns(['status', 'next_attempt_at', 'channel', 'recipient'])
    .execute();

  let after = '';
  for (;;) {
    const rows: { id: string; payload: string }[] = await db
      .selectFrom('notifications')
      .select(['id', 'payload'])
      .where('subject_type', 'in', ['invite', 'draft'])
      .where('channel', '=', 'email')
      .where('status', '=', 'sent')
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const row of rows) {
      const payload = TOKENS.reduce((text, token) => text.replace(token, `$1${REMOVED}`), row.payload);
      if (payload !== row.payload) await db.updateTable('notifications').set({ payload }).where('id', '=', row.id).execute();
    }
    if (rows.length < 500) break;
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_due_idx').execute();
  await db.schema
    .createIndex('notifications_due_idx')
    .on('notifications')
    .columns(['status', 'next_attempt_at', 'channel'])
    .execute();
  await db.schema.alterTable('notifications').dropColumn('sealed_secret').execute();
  await db.schema.alterTable('notifications').dropColumn('claimed_until').execute();
}

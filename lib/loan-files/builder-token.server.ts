import 'server-only';
import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';

/**
 * The builder's link: a random 256-bit token, of which the file keeps only the SHA-256, like the
 * admin's sessions. There is one per file; making another voids the one before, so a builder's
 * link stops working once the owner sends a new one or changes the builder's address.
 */

export const builderUrl = (siteUrl: string, token: string) => `${siteUrl}/portal/builder/${token}`;

/**
 * Makes the file's builder token (voiding any before it), inside the caller's transaction.
 * `touch: false` leaves the file's last change alone (a reminder is no change the admin's list
 * should bring to its top).
 */
export async function issueBuilderToken(trx: DB, fileId: string, now: Date, { touch = true } = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx
    .updateTable('loan_files')
    .set({ builder_token_hash: hashToken(token), ...(touch ? { updated_at: now.toISOString() } : {}) })
    .where('id', '=', fileId)
    .execute();
  return token;
}

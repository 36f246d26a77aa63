import 'server-only';
import type { DB } from '../db/connect.server';
import { deleteNotifications } from '../notifications/outbox.server';
import { loanFileSubject } from './mail.server';
import { REGISTER_PURPOSE } from './portal-passkeys';

/**
 * Deleting the loan files of leads, for privacy deletion and retention: the tables have no
 * foreign keys (migration 0019), so every row of a file goes here, in the caller's transaction,
 * with the file's e-mails. The documents uploaded for its items are the document store's
 * (lib/documents/): the caller deletes them by the item ids returned.
 */
export async function deleteLoanFilesOfLeads(trx: DB, leadIds: readonly string[]): Promise<{ files: number; itemIds: string[] }> {
  if (leadIds.length === 0) return { files: 0, itemIds: [] };
  const files = await trx.selectFrom('loan_files').select('id').where('lead_id', 'in', leadIds).execute();
  const fileIds = files.map((f) => f.id);
  if (fileIds.length === 0) return { files: 0, itemIds: [] };
  const items = await trx.selectFrom('loan_file_items').select('id').where('file_id', 'in', fileIds).execute();
  for (const id of fileIds) await deleteNotifications(trx, loanFileSubject(id));
  for (const table of ['loan_file_items', 'loan_file_milestones', 'portal_links', 'portal_sessions', 'portal_passkeys'] as const)
    await trx.deleteFrom(table).where('file_id', 'in', fileIds).execute();
  // A passkey being added names the file as its user.
  await trx.deleteFrom('auth_challenges').where('purpose', '=', REGISTER_PURPOSE).where('user_id', 'in', fileIds).execute();
  await trx.deleteFrom('loan_files').where('id', 'in', fileIds).execute();
  return { files: fileIds.length, itemIds: items.map((i) => i.id) };
}

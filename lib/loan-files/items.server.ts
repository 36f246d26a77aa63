import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { issueBuilderToken, builderUrl } from './builder-token.server';
import { LoanFileError } from './errors';
import { queueFileMail } from './mail.server';
import { rejectionMessage } from './messages';
import { readItem } from './queries.server';
import { expiresOnSchema, itemInputSchema, parsed, rejectReasonSchema, type ItemInput } from './schemas';
import { withinTransaction } from './transaction.server';
import type { ItemState, LoanFileItem, OwedBy } from './types';

/**
 * The needs list's changes: an item added by hand, an upload, the owner's acceptance or
 * rejection. Each is refused, changing nothing, when the item's state does not allow it. A
 * rejection tells whoever owes the item, in its own transaction, through the outbox.
 */

async function itemToChange(trx: DB, itemId: string, allowed: readonly ItemState[], refusal: string): Promise<LoanFileItem> {
  const item = await readItem(trx, itemId);
  if (!item) throw new LoanFileError('not-found', 'This document is no longer on the list.');
  if (!allowed.includes(item.state)) throw new LoanFileError('conflict', refusal);
  return item;
}

/** The list's order is by change too: the admin's list of files shows the last changed first. */
async function touchFile(trx: DB, fileId: string, stamp: string): Promise<void> {
  await trx.updateTable('loan_files').set({ updated_at: stamp }).where('id', '=', fileId).execute();
}

async function changed(trx: DB, item: LoanFileItem, stamp: string): Promise<LoanFileItem> {
  await touchFile(trx, item.fileId, stamp);
  return (await readItem(trx, item.id))!;
}

/** Adds a document to a file's list by hand, at its end. */
export async function addItem(db: DB, fileId: string, input: ItemInput, now = new Date()): Promise<LoanFileItem> {
  const { label, note, owedBy } = parsed(itemInputSchema, input);
  const stamp = now.toISOString();
  return withinTransaction(db, async (trx) => {
    const file = await trx.selectFrom('loan_files').select('id').where('id', '=', fileId).executeTakeFirst();
    if (!file) throw new LoanFileError('not-found', 'This loan file was not found.');
    const last = await trx
      .selectFrom('loan_file_items')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    const id = newId();
    await trx
      .insertInto('loan_file_items')
      .values({
        id,
        file_id: fileId,
        template_key: null,
        label,
        note,
        owed_by: owedBy,
        state: 'requested',
        reject_reason: null,
        reviewed_by: null,
        expires_on: null,
        position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await touchFile(trx, fileId, stamp);
    return (await readItem(trx, id))!;
  });
}

/**
 * Records an upload of the item (the document itself is in lib/documents/): it waits for the
 * owner's review. A rejected item uploaded again loses its reason; an accepted one is done.
 * `expiresOn`: the expiry date the uploader gave (the insurance certificate's).
 */
export async function markUploaded(
  db: DB,
  itemId: string,
  now = new Date(),
  details: { expiresOn?: string } = {},
): Promise<LoanFileItem> {
  const expiresOn = details.expiresOn === undefined ? undefined : parsed(expiresOnSchema, details.expiresOn);
  const stamp = now.toISOString();
  return withinTransaction(db, async (trx) => {
    const item = await itemToChange(trx, itemId, ['requested', 'uploaded', 'rejected'], 'This document is already accepted.');
    await trx
      .updateTable('loan_file_items')
      .set({ state: 'uploaded', reject_reason: null, updated_at: stamp, ...(expiresOn ? { expires_on: expiresOn } : {}) })
      .where('id', '=', item.id)
      .execute();
    return changed(trx, item, stamp);
  });
}

/**
 * Accepts an uploaded item as the admin account `by`. One whose template asks for an expiry date
 * (the insurance certificate) needs it, given now or with the upload: the lender checks that the
 * cover lasts the build.
 */
export async function acceptItem(
  db: DB,
  itemId: string,
  by: string | null,
  options: { now?: Date; expiresOn?: string } = {},
): Promise<LoanFileItem> {
  const expiresOn = options.expiresOn === undefined ? undefined : parsed(expiresOnSchema, options.expiresOn);
  const stamp = (options.now ?? new Date()).toISOString();
  return withinTransaction(db, async (trx) => {
    const item = await itemToChange(trx, itemId, ['uploaded'], 'Only an uploaded document can be accepted.');
    if (item.asksExpiry && !expiresOn && !item.expiresOn)
      throw new LoanFileError('invalid', 'Enter the date this certificate expires.');
    await trx
      .updateTable('loan_file_items')
      .set({
        state: 'accepted',
        reject_reason: null,
        reviewed_by: by,
        updated_at: stamp,
        ...(expiresOn ? { expires_on: expiresOn } : {}),
      })
      .where('id', '=', item.id)
      .execute();
    return changed(trx, item, stamp);
  });
}

export interface RejectOptions {
  /** The site's public address, for the link in the e-mail. */
  siteUrl: string;
  /** The admin account rejecting it. */
  by: string | null;
  now?: Date;
}

export interface Rejected {
  item: LoanFileItem;
  /**
   * Who was e-mailed: whoever owes the item. null when that is the builder and the file has no
   * builder address yet: the rejection stands, and the owner is to tell the builder.
   */
  notified: OwedBy | null;
}

/**
 * Rejects an uploaded (or accepted) item with a reason (1 to 500 characters), and queues, in the
 * same transaction, the e-mail telling whoever owes it what and why: the borrower with the
 * portal's address (they sign in there), the builder with a fresh builder link.
 */
export async function rejectItem(db: DB, itemId: string, reason: string, options: RejectOptions): Promise<Rejected> {
  const why = parsed(rejectReasonSchema, reason);
  const now = options.now ?? new Date();
  const stamp = now.toISOString();
  return withinTransaction(db, async (trx) => {
    const item = await itemToChange(trx, itemId, ['uploaded', 'accepted'], 'Only a document that was sent can be rejected.');
    await trx
      .updateTable('loan_file_items')
      .set({ state: 'rejected', reject_reason: why, reviewed_by: options.by, updated_at: stamp })
      .where('id', '=', item.id)
      .execute();
    const file = await trx
      .selectFrom('loan_files')
      .select(['borrower_email', 'builder_email'])
      .where('id', '=', item.fileId)
      .executeTakeFirstOrThrow();
    const mail = { owedBy: item.owedBy, itemLabel: item.label, reason: why };
    let notified: OwedBy | null = item.owedBy;
    if (item.owedBy === 'borrower') {
      const link = `${options.siteUrl}/portal`;
      await queueFileMail(trx, item.fileId, rejectionMessage({ ...mail, to: file.borrower_email, link }), now);
    } else if (file.builder_email) {
      const token = await issueBuilderToken(trx, item.fileId, now);
      const link = builderUrl(options.siteUrl, token);
      await queueFileMail(trx, item.fileId, rejectionMessage({ ...mail, to: file.builder_email, link }), now, token);
    } else notified = null;
    return { item: await changed(trx, item, stamp), notified };
  });
}

/**
 * The item an upload may be for: one of the file's that is not yet accepted, and for the builder
 * one the builder owes. The borrower may send any of the file's items (they may hold the signed
 * contract too). For the upload endpoint, before it stores a byte.
 */
export async function uploadableItem(
  db: DB,
  itemId: string,
  scope: { fileId: string; as: OwedBy },
): Promise<LoanFileItem | null> {
  const item = await readItem(db, itemId);
  if (!item || item.fileId !== scope.fileId || item.state === 'accepted') return null;
  if (scope.as === 'builder' && item.owedBy !== 'builder') return null;
  return item;
}

import 'server-only';
import { hashToken } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';
import { builderUrl, issueBuilderToken } from './builder-token.server';
import { LoanFileError } from './errors';
import { queueFileMail } from './mail.server';
import { builderLinkMessage } from './messages';
import { listItems } from './queries.server';
import { builderSchema, parsed, type BuilderInput } from './schemas';
import { withinTransaction } from './transaction.server';
import type { Builder, BuilderView } from './types';

/**
 * The builder of a loan file and their link (issue 30, point 4): no account, a link scoped to the
 * items the builder owes, and nothing of the borrower's finances behind it.
 */

async function fileOrThrow(trx: DB, fileId: string) {
  const file = await trx
    .selectFrom('loan_files')
    .select(['id', 'builder_name', 'builder_email', 'property_address'])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (!file) throw new LoanFileError('not-found', 'This loan file was not found.');
  return file;
}

/**
 * Sets the builder's name, e-mail and license number (empty: unknown). A new address voids the
 * builder link made before: the next one is made for the new builder.
 */
export async function updateBuilder(db: DB, fileId: string, input: BuilderInput, now = new Date()): Promise<Builder> {
  const builder = parsed(builderSchema, input);
  return withinTransaction(db, async (trx) => {
    const file = await fileOrThrow(trx, fileId);
    const newAddress = builder.email !== file.builder_email;
    await trx
      .updateTable('loan_files')
      .set({
        builder_name: builder.name,
        builder_email: builder.email,
        builder_license: builder.license,
        updated_at: now.toISOString(),
        ...(newAddress ? { builder_token_hash: null } : {}),
      })
      .where('id', '=', fileId)
      .execute();
    return builder;
  });
}

export interface LinkOptions {
  /** The site's public address, the link's start. */
  siteUrl: string;
  now?: Date;
}

/** Makes a new builder link for the file (the one before stops working) and returns its URL. */
export async function builderLink(db: DB, fileId: string, options: LinkOptions): Promise<string> {
  return withinTransaction(db, async (trx) => {
    await fileOrThrow(trx, fileId);
    return builderUrl(options.siteUrl, await issueBuilderToken(trx, fileId, options.now ?? new Date()));
  });
}

/**
 * E-mails the builder a new link (the one before stops working), the token sealed in the outbox.
 * Returns the address it goes to; refused when the file has no builder address.
 */
export async function sendBuilderLink(db: DB, fileId: string, options: LinkOptions): Promise<{ sentTo: string }> {
  const now = options.now ?? new Date();
  return withinTransaction(db, async (trx) => {
    const file = await fileOrThrow(trx, fileId);
    if (!file.builder_email) throw new LoanFileError('conflict', 'Enter the builder’s e-mail address first.');
    const token = await issueBuilderToken(trx, fileId, now);
    const message = builderLinkMessage({
      to: file.builder_email,
      builderName: file.builder_name,
      propertyAddress: file.property_address,
      link: builderUrl(options.siteUrl, token),
    });
    await queueFileMail(trx, fileId, message, now, token);
    return { sentTo: file.builder_email };
  });
}

/** What a builder link opens: the property and the builder's own items, or null for a dead link. */
export async function fileForBuilderToken(db: DB, token: string): Promise<BuilderView | null> {
  if (!token || token.length > 100) return null;
  const file = await db
    .selectFrom('loan_files')
    .select(['id', 'builder_name', 'property_address'])
    .where('builder_token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!file) return null;
  return {
    fileId: file.id,
    propertyAddress: file.property_address,
    builderName: file.builder_name,
    items: await listItems(db, file.id, 'builder'),
  };
}

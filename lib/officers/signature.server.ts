import 'server-only';
import { defaultContent } from '../content/defaults';
import { readContentDocument } from '../content/document';
import type { DB } from '../db/connect.server';
import { signingOfficerOf } from './profiles.server';
import { officerSignature, type SignatureCompany } from './signature';

/**
 * The sign-off of an account's messages, read inside the transaction that writes the message (a
 * resume link, a loan file's e-mail): null when the account has no profile, so the message goes
 * out as it did before profiles existed. Messages that already read the site content (the
 * auto-reply, the estimate) call `officerSignature` with theirs.
 */
export async function signatureOf(db: DB, accountId: string | null | undefined): Promise<string[] | null> {
  const officer = await signingOfficerOf(db, accountId);
  return officer ? officerSignature(officer, await companyOf(db)) : null;
}

/** The company's legal name and NMLS ID as the owner entered them (the defaults before any content). */
async function companyOf(db: DB): Promise<SignatureCompany> {
  const row = await db
    .selectFrom('site_content')
    .select(['schema_version', 'document'])
    .where('id', '=', 'site')
    .executeTakeFirst();
  const { company } = row ? readContentDocument(row.schema_version, row.document) : defaultContent;
  return { legalName: company.legalName, nmlsId: company.nmlsId };
}

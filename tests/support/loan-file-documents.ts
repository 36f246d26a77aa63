import type { DB } from '../../lib/db/connect.server';
import { storeDocument } from '../../lib/documents/store.server';
import type { StoredDocument } from '../../lib/documents/types';
import { openLoanFile } from '../../lib/loan-files/files.server';
import type { LoanFile } from '../../lib/loan-files/types';
import { fullApplication } from './lead-data';
import { recordLead } from './leads';

/** Loan files with stored documents, for the admin's document routes' tests. */

/** A stored application's loan file (its whole needs list), on a migrated database. */
export async function applicationFile(db: DB): Promise<LoanFile> {
  const { id } = await recordLead(db, {
    kind: 'application',
    fields: fullApplication,
    page: '/apply',
    consent: false,
    spamReason: null,
    clientAddress: '203.0.113.7',
    userAgent: 'test',
  });
  return (await openLoanFile(db, id)).file;
}

async function* once(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** Stores `bytes` for `owner` as the borrower's upload; `infected`: a scan that finds the EICAR signature. */
export async function storedDocument(
  db: DB,
  owner: string,
  bytes: Buffer,
  name: string,
  infected = false,
): Promise<StoredDocument> {
  const scanner = {
    write: async () => {},
    finish: async () =>
      infected ? { infected: true as const, signature: 'Eicar-Test-Signature' } : { infected: false as const },
    abort: () => {},
  };
  const result = await storeDocument(db, { owner, name, uploadedBy: 'borrower', source: once(bytes), scanner });
  if (!result.ok) throw new Error(result.message);
  return result.document;
}

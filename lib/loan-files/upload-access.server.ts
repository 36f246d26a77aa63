import 'server-only';
import type { DB } from '../db/connect.server';
import { fileForBuilderToken } from './builder.server';
import { portalSession } from './portal-auth.server';
import { uploadableItem } from './items.server';
import type { LoanFileItem } from './types';

/** The document store's owner of an item's documents (lib/documents knows nothing of loan files). */
export const itemOwner = (itemId: string) => `loan-item:${itemId}`;
/** The item an owner string names, or null for a document of something else. */
export const itemOfOwner = (owner: string) => (owner.startsWith('loan-item:') ? owner.slice('loan-item:'.length) : null);

/** Who may upload to which file: the borrower (any item of theirs) or the builder (the builder's items). */
export interface UploadAccess {
  fileId: string;
  uploadedBy: 'borrower' | 'builder';
  /** The builder's link token, to send them back to their page. */
  builderToken?: string;
}

/** The access an upload request carries, by the portal's session cookie or the builder's link; null when none. */
export async function portalUploadAccess(
  db: DB,
  uploader: { who: 'borrower' } | { who: 'builder'; token: string },
  sessionToken: string | undefined,
  now: Date,
): Promise<UploadAccess | null> {
  if (uploader.who === 'builder') {
    const view = await fileForBuilderToken(db, uploader.token);
    return view ? { fileId: view.fileId, uploadedBy: 'builder', builderToken: uploader.token } : null;
  }
  const fileId = sessionToken ? await portalSession(db, sessionToken, now) : null;
  return fileId ? { fileId, uploadedBy: 'borrower' } : null;
}

/** The item this access may upload to, or null (another file's, accepted already, or not the builder's). */
export function itemForUpload(db: DB, access: UploadAccess, itemId: string): Promise<LoanFileItem | null> {
  return uploadableItem(db, itemId, { fileId: access.fileId, as: access.uploadedBy });
}

import 'server-only';
import type { DB } from '../db/connect.server';
import { documentsOf } from '../documents/store.server';
import type { StoredDocument } from '../documents/types';
import { fileForBuilderToken } from './builder.server';
import { loanFile } from './queries.server';
import type { LoanFile, LoanFileItem } from './types';
import { itemOwner } from './upload-access.server';

/** An item with what was sent for it, as the portal shows it (never a quarantined file's name: it is set aside). */
export interface PortalItem extends LoanFileItem {
  documents: Pick<StoredDocument, 'id' | 'name' | 'size' | 'createdAt' | 'scan'>[];
}

/** Who to call about the file: the assigned loan officer when there is one. */
export interface PortalContact {
  name: string;
  email: string | null;
}

export interface BorrowerView {
  file: LoanFile;
  items: PortalItem[];
  officer: PortalContact | null;
}

async function withDocuments(db: DB, items: LoanFileItem[]): Promise<PortalItem[]> {
  const documents = await documentsOf(
    db,
    items.map((item) => itemOwner(item.id)),
  );
  return items.map((item) => ({
    ...item,
    documents: documents
      .filter((document) => document.owner === itemOwner(item.id))
      .map(({ id, name, size, createdAt, scan }) => ({ id, name, size, createdAt, scan })),
  }));
}

/** The loan officer the file's lead is assigned to, with the name and e-mail the team page shows. */
async function assignedOfficer(db: DB, leadId: string): Promise<PortalContact | null> {
  const row = await db
    .selectFrom('leads')
    .innerJoin('admin_users', 'admin_users.id', 'leads.assignee_id')
    .select(['admin_users.name', 'admin_users.email'])
    .where('leads.id', '=', leadId)
    .executeTakeFirst();
  return row && row.name ? { name: row.name, email: row.email } : null;
}

/** What the signed-in borrower sees: their file, every item with what was sent, and who to call. */
export async function borrowerView(db: DB, fileId: string): Promise<BorrowerView | null> {
  const file = await loanFile(db, fileId);
  if (!file) return null;
  return { file, items: await withDocuments(db, file.items), officer: await assignedOfficer(db, file.leadId) };
}

/** What a builder's link shows: the builder's items only, nothing of the borrower's finances. */
export async function builderView(db: DB, token: string) {
  const view = await fileForBuilderToken(db, token);
  if (!view) return null;
  return { ...view, items: await withDocuments(db, view.items) };
}

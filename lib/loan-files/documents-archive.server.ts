import 'server-only';
import type { DB } from '../db/connect.server';
import { documentsOf, readDocument } from '../documents/store.server';
import type { StoredDocument } from '../documents/types';
import type { ZipEntry } from '../http/zip-stream';
import { archivePart, uniquePaths } from './archive-names';
import type { LoanFile } from './types';
import { itemOwner } from './upload-access.server';

/**
 * A loan file's documents as the entries of one ZIP (issue 30, point 5): every complete document
 * of every item, in the needs list's order and oldest first within an item, as
 * `<item label>/<document name>`. A quarantined document is left out (the virus check flagged it:
 * it is never handed to a browser). The list is read at once; each document is opened and
 * decrypted only when the archive reaches it, so the download holds one chunk at a time.
 */
export interface DocumentsArchive {
  /** How many documents it holds, for the activity log. */
  count: number;
  entries: AsyncIterable<ZipEntry>;
}

export async function documentsArchive(db: DB, file: LoanFile): Promise<DocumentsArchive> {
  const byOwner = new Map<string, StoredDocument[]>();
  const documents = await documentsOf(
    db,
    file.items.map((item) => itemOwner(item.id)),
  );
  for (const doc of documents) {
    if (doc.scan === 'quarantined') continue;
    const docs = byOwner.get(doc.owner);
    if (docs) docs.push(doc);
    else byOwner.set(doc.owner, [doc]);
  }
  const path = uniquePaths();
  const listed = file.items.flatMap((item) => {
    const folder = archivePart(item.label, 'Item');
    return (byOwner.get(itemOwner(item.id)) ?? []).map((document) => ({
      document,
      path: path(folder, archivePart(document.name, 'document')),
    }));
  });
  return { count: listed.length, entries: opened(db, listed) };
}

async function* opened(db: DB, listed: { document: StoredDocument; path: string }[]): AsyncGenerator<ZipEntry> {
  for (const { document, path } of listed) {
    const open = await readDocument(db, document.id);
    // Deleted since the list was read (the item removed, the file erased): it is no longer the file's.
    if (!open || open.document.scan === 'quarantined') continue;
    yield { name: path, content: open.content, modified: new Date(document.createdAt) };
  }
}

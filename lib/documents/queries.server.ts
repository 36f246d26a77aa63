import 'server-only';
import type { DB } from '../db/connect.server';
import { ID_PATTERN } from '../db/ids';
import type { DocumentsTable } from '../db/schema';
import type { ChunkStore, ObjectChunkStore } from './chunk-store';
import { chunkStoreFor, configuredObjectStore } from './chunk-stores.server';
import { decryptChunk, DocumentIntegrityError, openName, unwrapKey, type DocumentKey } from './cipher.server';
import type { DocumentContentType, ScanState, StoredDocument } from './types';

/** Documents as their owners see them: complete ones only (an upload under way is no document yet). */

const COLUMNS = ['id', 'owner', 'name', 'content_type', 'size', 'scan', 'uploaded_by', 'created_at'] as const;
type Row = Pick<DocumentsTable, (typeof COLUMNS)[number]>;

function toStoredDocument(row: Row): StoredDocument {
  return {
    id: row.id,
    owner: row.owner,
    name: openName(row.name, row.id),
    contentType: row.content_type as DocumentContentType,
    size: row.size,
    scan: row.scan as ScanState,
    uploadedBy: row.uploaded_by,
    createdAt: row.created_at,
  };
}

/** The documents of these owners, oldest first. */
export async function documentsOf(db: DB, owners: string[]): Promise<StoredDocument[]> {
  if (owners.length === 0) return [];
  const rows = await db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('owner', 'in', owners)
    .where('state', '=', 'complete')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toStoredDocument);
}

export async function documentById(db: DB, id: string): Promise<StoredDocument | null> {
  if (!ID_PATTERN.test(id)) return null;
  const row = await db
    .selectFrom('documents')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('state', '=', 'complete')
    .executeTakeFirst();
  return row ? toStoredDocument(row) : null;
}

/**
 * A document and its content, decrypted as it is read: one chunk at a time, from the store its
 * row names (the database, or `objectStore`: by default the configured one), so a download
 * holds one chunk whatever the file's size. The content throws DocumentIntegrityError when a chunk
 * was altered, moved or removed, or the file was cut short: a caller streaming it to a client must
 * then break the response off rather than end it as if complete. A quarantined document is
 * returned too (its `scan` says so): whether to serve it is the caller's decision.
 */
export async function readDocument(
  db: DB,
  id: string,
  objectStore: ObjectChunkStore | null = configuredObjectStore(),
): Promise<{ document: StoredDocument; content: AsyncIterable<Buffer> } | null> {
  if (!ID_PATTERN.test(id)) return null;
  const row = await db
    .selectFrom('documents')
    .select([...COLUMNS, 'wrapped_key', 'nonce_prefix', 'chunk_count', 'chunk_store'])
    .where('id', '=', id)
    .where('state', '=', 'complete')
    .executeTakeFirst();
  if (!row) return null;
  const chunks = chunkStoreFor(db, id, row.chunk_store, objectStore);
  const document = toStoredDocument(row);
  const key = { key: unwrapKey(row.wrapped_key, id), noncePrefix: Buffer.from(row.nonce_prefix) };
  return { document, content: decrypted(chunks, id, key, row.chunk_count, row.size) };
}

async function* decrypted(chunks: ChunkStore, id: string, key: DocumentKey, count: number, size: number): AsyncGenerator<Buffer> {
  let read = 0;
  for (let seq = 0; seq < count; seq++) {
    const data = await chunks.get(id, seq);
    if (!data) throw new DocumentIntegrityError(`Chunk ${seq} of document ${id} is missing.`);
    const plaintext = decryptChunk(key, id, seq, seq === count - 1, data);
    read += plaintext.length;
    yield plaintext;
  }
  // The size is not under any tag: a mismatch means the row was altered.
  if (read !== size) throw new DocumentIntegrityError(`Document ${id} holds ${read} bytes, not the ${size} recorded.`);
}

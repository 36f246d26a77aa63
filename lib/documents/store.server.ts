import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import type { ChunkStore, ChunkStoreKind, ObjectChunkStore } from './chunk-store';
import { configuredObjectStore } from './chunk-stores.server';
import { chunksOf } from './chunks';
import { CHUNK_BYTES, encryptChunk, newDocumentKey, sealName, wrapKey, type DocumentKey } from './cipher.server';
import { databaseChunkStore } from './database-chunk-store.server';
import { documentFileName } from './file-name';
import { deleteDocuments } from './remove.server';
import type { Scanner, ScannerFactory } from './scanner';
import { SNIFF_BYTES, sniffDocumentType } from './sniff';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPE_MESSAGE,
  documentTooLargeMessage,
  type DocumentType,
  type StoredDocument,
} from './types';

/**
 * The encrypted document store (issue 30): an upload is streamed in, checked by its bytes,
 * scanned, encrypted a chunk at a time (cipher.server.ts) and written a chunk at a time, so memory
 * stays flat whatever the size and no plaintext reaches the database. The chunks go to the
 * database (database-chunk-store.server.ts) or, when DOCUMENTS_S3_* is set, to object storage
 * (s3-chunk-store.server.ts); the row records which, so a document is always read from where it
 * was written. A document belongs to an
 * opaque `owner` the caller names (`loan-item:<id>`). Reading, listing, deleting and key rotation
 * are beside it (queries, remove and rewrap); all are exported from here.
 */

export { deleteDocuments, deleteDocumentsOf, deleteOrphanedDocumentObjects, deleteUnfinishedDocuments } from './remove.server';
export { documentById, documentsOf, readDocument } from './queries.server';
export { rewrapDocumentKeys } from './rewrap.server';
export { DocumentIntegrityError, DocumentKeyError } from './cipher.server';

export interface StoreInput {
  owner: string;
  /** The file name the browser sent; cleaned (file-name.ts) and sealed. */
  name: string;
  /** Who uploads it, as the caller names them (an account id, `borrower:<id>`). */
  uploadedBy: string;
  /** The file's bytes as they arrive (a request body's part): read once, a piece at a time. */
  source: AsyncIterable<Uint8Array>;
  /**
   * Fed the plaintext as it streams; none: the document is stored 'unscanned'. A factory is called
   * once the file's kind is accepted, so a refused upload opens no scan; its failure is a 503.
   */
  scanner?: Scanner | ScannerFactory;
  /**
   * Where the chunks go: this object store, or the database with null. Unset: as configured
   * (DOCUMENTS_S3_*, chunk-stores.server.ts).
   */
  objectStore?: ObjectChunkStore | null;
  now?: Date;
}

/**
 * 413 over 25 MB, 415 not an accepted kind, 422 empty, 503 when the scanner failed: the file may
 * be fine and the same upload may pass a moment later, so the status says "try again", not "bad file".
 */
export type StoreResult = { ok: true; document: StoredDocument } | { ok: false; status: 413 | 415 | 422 | 503; message: string };

export const EMPTY_DOCUMENT_MESSAGE = 'This file is empty; choose the file again.';
export const SCAN_FAILED_MESSAGE = 'The file could not be checked for viruses; try again.';
const LABEL_MAX_CHARS = 200;

const refused = (status: 413 | 415 | 422 | 503, message: string): StoreResult => ({ ok: false, status, message });

/** A scanner's failure, told apart from the database's or the source's (which are thrown on). */
const SCAN_FAILED = Symbol('scan failed');
async function scanning<T>(step: () => Promise<T>): Promise<T | typeof SCAN_FAILED> {
  try {
    return await step();
  } catch {
    return SCAN_FAILED;
  }
}

/** What an upload has begun and must undo unless it completes. */
interface Upload {
  id: string;
  now: Date;
  /** Set once the row is written: from then on there is something to delete. */
  key: DocumentKey | null;
  scanner: Scanner | undefined;
  chunks: ChunkStore;
}

/**
 * Stores an upload. A refusal leaves nothing behind, and so does a failure, which is thrown: the
 * source erroring (the client went away) or the database. Reads no further than just past the
 * limit: the rest of an oversized body is never read.
 */
export async function storeDocument(db: DB, input: StoreInput): Promise<StoreResult> {
  // Both columns are varchar(200): PostgreSQL would refuse a longer value midway, SQLite keep it.
  for (const value of [input.owner, input.uploadedBy])
    if (!value || value.length > LABEL_MAX_CHARS)
      throw new Error(`A document's owner and uploader are 1 to ${LABEL_MAX_CHARS} characters.`);
  const now = input.now ?? new Date();
  const objects = input.objectStore === undefined ? configuredObjectStore() : input.objectStore;
  const upload: Upload = {
    id: newId(now.getTime()),
    now,
    key: null,
    scanner: undefined,
    chunks: objects ?? databaseChunkStore(db),
  };
  if (typeof input.scanner !== 'function') upload.scanner = input.scanner;
  let result: StoreResult | undefined;
  try {
    result = await write(db, input, upload);
    return result;
  } finally {
    if (!result?.ok) {
      upload.scanner?.abort();
      // Best effort, keeping the first error: what a failed clean-up leaves stays 'writing', which
      // no read returns and deleteUnfinishedDocuments sweeps.
      if (upload.key) await deleteDocuments(db, [upload.id], objects).catch(() => {});
    }
  }
}

async function write(db: DB, input: StoreInput, upload: Upload): Promise<StoreResult> {
  const { id } = upload;
  let begun: { type: DocumentType; name: string; key: DocumentKey } | null = null;
  let size = 0;
  let seq = 0;
  const { chunks } = upload;
  for await (const { bytes, last } of chunksOf(input.source, CHUNK_BYTES)) {
    if (!begun) {
      const type = sniffDocumentType(bytes.subarray(0, SNIFF_BYTES));
      if (!type) return refused(415, DOCUMENT_TYPE_MESSAGE);
      if (typeof input.scanner === 'function') {
        const opened = await scanning(input.scanner);
        if (opened === SCAN_FAILED) return refused(503, SCAN_FAILED_MESSAGE);
        upload.scanner = opened;
      }
      begun = { type, name: documentFileName(input.name, type), key: newDocumentKey() };
      upload.key = begun.key;
      const row = { ...begun, id, owner: input.owner, uploadedBy: input.uploadedBy, now: upload.now, chunkStore: chunks.kind };
      await insertWriting(db, row);
    }
    size += bytes.length;
    if (size > DOCUMENT_MAX_BYTES) return refused(413, documentTooLargeMessage(null));
    const { scanner } = upload;
    const data = encryptChunk(begun.key, id, seq, last, bytes);
    const [scanned] = await Promise.all([scanner && scanning(() => scanner.write(bytes)), chunks.put(id, seq, data)]);
    if (scanned === SCAN_FAILED) return refused(503, SCAN_FAILED_MESSAGE);
    seq++;
  }
  if (!begun) return refused(422, EMPTY_DOCUMENT_MESSAGE);

  const { scanner } = upload;
  const verdict = scanner ? await scanning(() => scanner.finish()) : null;
  if (verdict === SCAN_FAILED) return refused(503, SCAN_FAILED_MESSAGE);
  const scan = verdict === null ? 'unscanned' : verdict.infected ? 'quarantined' : 'clean';
  const signature = verdict?.infected ? verdict.signature.slice(0, LABEL_MAX_CHARS) : null;
  // One update: the document appears, whole and with its verdict, or not at all.
  await db
    .updateTable('documents')
    .set({ state: 'complete', size, chunk_count: seq, scan, scan_signature: signature })
    .where('id', '=', id)
    .execute();
  const document: StoredDocument = {
    id,
    owner: input.owner,
    name: begun.name,
    contentType: DOCUMENT_CONTENT_TYPES[begun.type],
    size,
    scan,
    uploadedBy: input.uploadedBy,
    createdAt: upload.now.toISOString(),
  };
  return { ok: true, document };
}

async function insertWriting(
  db: DB,
  row: {
    id: string;
    owner: string;
    name: string;
    type: DocumentType;
    key: DocumentKey;
    uploadedBy: string;
    now: Date;
    chunkStore: ChunkStoreKind;
  },
): Promise<void> {
  await db
    .insertInto('documents')
    .values({
      id: row.id,
      owner: row.owner,
      name: sealName(row.name, row.id),
      content_type: DOCUMENT_CONTENT_TYPES[row.type],
      size: 0,
      wrapped_key: wrapKey(row.key.key, row.id),
      nonce_prefix: row.key.noncePrefix,
      chunk_count: 0,
      scan: 'unscanned',
      scan_signature: null,
      uploaded_by: row.uploadedBy,
      state: 'writing',
      created_at: row.now.toISOString(),
      chunk_store: row.chunkStore,
    })
    .execute();
}

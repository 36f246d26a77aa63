/**
 * Where a document's encrypted chunks are kept: the database (document_chunks, the default) or
 * S3-compatible object storage (s3-chunk-store.server.ts). Chunks are encrypted before they reach
 * either (cipher.server.ts), so a store only ever holds ciphertext. Each document row names the
 * store its chunks went to (`chunk_store`), so a document is read from where it was written.
 */

export type ChunkStoreKind = 'database' | 's3';

export interface ChunkStore {
  readonly kind: ChunkStoreKind;
  put(documentId: string, seq: number, data: Buffer): Promise<void>;
  /** The chunk, or null when there is none. */
  get(documentId: string, seq: number): Promise<Uint8Array | null>;
  /** Deletes every chunk of these documents; deleting what is not there is no error. */
  deleteAll(documentIds: string[]): Promise<void>;
}

/** An object store can also be swept for chunks whose document is gone (remove.server.ts). */
export interface ObjectChunkStore extends ChunkStore {
  readonly kind: 's3';
  /** Every document id that has at least one object, each once, in key order. */
  documentIds(): AsyncIterable<string>;
}

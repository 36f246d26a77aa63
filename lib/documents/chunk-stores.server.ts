import 'server-only';
import type { DB } from '../db/connect.server';
import { env } from '../env.server';
import { processSingleton } from '../runtime/process-singleton';
import type { ChunkStore, ObjectChunkStore } from './chunk-store';
import { databaseChunkStore } from './database-chunk-store.server';
import { s3ChunkStore } from './s3-chunk-store.server';

/**
 * The object store configured by DOCUMENTS_S3_* (lib/env-schema.ts), or null: new documents then
 * go to the database. One client per process. Callers may pass their own (tests, a migration tool).
 */
export function configuredObjectStore(): ObjectChunkStore | null {
  if (!env.DOCUMENTS_S3_BUCKET) return null;
  return processSingleton('documents.s3-chunk-store', () =>
    s3ChunkStore({
      bucket: env.DOCUMENTS_S3_BUCKET!,
      region: env.DOCUMENTS_S3_REGION!,
      endpoint: env.DOCUMENTS_S3_ENDPOINT,
      accessKeyId: env.DOCUMENTS_S3_ACCESS_KEY_ID!,
      secretAccessKey: env.DOCUMENTS_S3_SECRET_ACCESS_KEY!,
      forcePathStyle: env.DOCUMENTS_S3_FORCE_PATH_STYLE,
    }),
  );
}

/**
 * The store a row's `chunk_store` names. A document in object storage needs it configured: read
 * without it, it is an error that says so, never a document that looks empty or damaged.
 */
export function chunkStoreFor(db: DB, documentId: string, kind: string, objects: ObjectChunkStore | null): ChunkStore {
  if (kind === 'database') return databaseChunkStore(db);
  if (kind !== 's3') throw new Error(`Document ${documentId} names an unknown chunk store.`);
  if (!objects)
    throw new Error(
      `Document ${documentId} is kept in object storage, which is not configured (DOCUMENTS_S3_BUCKET and the rest).`,
    );
  return objects;
}

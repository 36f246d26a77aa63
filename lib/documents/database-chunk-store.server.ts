import 'server-only';
import { blobConnection, withoutWaiting } from '../db/blob-connection.server';
import type { DB } from '../db/connect.server';
import type { ChunkStore } from './chunk-store';

/**
 * Chunks as document_chunks rows: the default store. On SQLite they go through the blob
 * connection (lib/db/blob-connection.server.ts), whose page cache is small, so an upload or a
 * download does not fill the main connection's cache with pages nobody reads again.
 */
export function databaseChunkStore(db: DB): ChunkStore {
  const blobs = () => blobConnection(db);
  return {
    kind: 'database',
    async put(documentId, seq, data) {
      await withoutWaiting(() => blobs().insertInto('document_chunks').values({ document_id: documentId, seq, data }).execute());
    },
    async get(documentId, seq) {
      const row = await withoutWaiting(() =>
        blobs()
          .selectFrom('document_chunks')
          .select('data')
          .where('document_id', '=', documentId)
          .where('seq', '=', seq)
          .executeTakeFirst(),
      );
      return row?.data ?? null;
    },
    // On `db` itself, not the blob connection: a deletion runs in its document's transaction (remove.server.ts).
    async deleteAll(documentIds) {
      if (documentIds.length === 0) return;
      await db.deleteFrom('document_chunks').where('document_id', 'in', documentIds).execute();
    },
  };
}

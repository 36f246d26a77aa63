import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import type { ObjectChunkStore } from '../../lib/documents/chunk-store';
import { CHUNK_BYTES } from '../../lib/documents/cipher.server';
import { s3ChunkStore } from '../../lib/documents/s3-chunk-store.server';
import {
  deleteDocuments,
  deleteDocumentsOf,
  deleteOrphanedDocumentObjects,
  DocumentIntegrityError,
  readDocument,
  storeDocument,
} from '../../lib/documents/store.server';
import { parseEnv } from '../../lib/env-schema';
import { scanDatabase } from '../support/database-scan';
import { engines } from '../support/engines';
import { startS3Server, type S3TestServer } from '../support/s3-server';

vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 29).toString('base64');
});

/**
 * The document store with its chunks in S3-compatible object storage (issue 30, point 5), against
 * a local S3-compatible server (tests/support/s3-server.ts) through the real AWS SDK client: what
 * goes in comes out byte for byte, the objects hold ciphertext only, deleting a document deletes
 * its objects (after its rows), and documents kept in the database before the switch still read.
 */

const OWNER = 'loan-item:019a5f3c2b7e7c1d8e9f0a1b2c3d4e5f';
const MARKER = 'CLP-S3-MARKER-7d2a';
const NAME = 'Jane Roe pay stub.pdf';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, `${MARKER} `)]);
}

async function* streamOf(bytes: Buffer, piece = 100_000): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += piece) yield bytes.subarray(offset, offset + piece);
}

async function bytesOf(content: AsyncIterable<Buffer>): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of content) pieces.push(piece);
  return Buffer.concat(pieces);
}

async function s3(options: { accessKeyId?: string } = {}): Promise<{ server: S3TestServer; store: ObjectChunkStore }> {
  const server = await startS3Server();
  cleanups.push(server.close);
  const store = s3ChunkStore({
    bucket: server.bucket,
    region: 'us-east-1',
    endpoint: server.url,
    accessKeyId: options.accessKeyId ?? server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
  });
  return { server, store };
}

const keysOf = (server: S3TestServer) => [...server.objects.keys()].sort();

describe.each(engines)('documents in object storage, rows on %s', (_engine, openEngine) => {
  async function database(): Promise<DB> {
    const handle = await openEngine();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle.db;
  }

  const upload = (db: DB, bytes: Buffer, objectStore: ObjectChunkStore | null, owner = OWNER) =>
    storeDocument(db, { owner, name: NAME, uploadedBy: 'borrower:jane', source: streamOf(bytes), objectStore });

  it('round-trips a multi-chunk file byte for byte, with only ciphertext in the objects and nothing in document_chunks', async () => {
    const db = await database();
    const { server, store } = await s3();
    const file = pdf(2.5 * CHUNK_BYTES);
    const stored = await upload(db, file, store);
    if (!stored.ok) throw new Error(stored.message);
    const { id } = stored.document;

    expect(keysOf(server)).toEqual([`documents/${id}/0`, `documents/${id}/1`, `documents/${id}/2`]);
    for (const object of server.objects.values()) {
      expect(object.includes(MARKER)).toBe(false);
      expect(object.includes('%PDF')).toBe(false);
    }
    expect(await db.selectFrom('document_chunks').select('seq').execute()).toEqual([]);
    const row = await db
      .selectFrom('documents')
      .select(['chunk_store', 'chunk_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ chunk_store: 's3', chunk_count: 3 });
    // Nor is the content anywhere in the database.
    expect((await scanDatabase(db, (text) => text.includes(MARKER))).hits).toEqual([]);

    const read = await readDocument(db, id, store);
    expect(read?.document).toEqual(stored.document);
    expect((await bytesOf(read!.content)).equals(file)).toBe(true);
  });

  it('deletes the objects with the document, and sweeps those left by a deletion inside a caller’s transaction', async () => {
    const db = await database();
    const { server, store } = await s3();
    const first = await upload(db, pdf(CHUNK_BYTES + 10), store);
    const second = await upload(db, pdf(1000), store, 'loan-item:019a5f3c2b7e7c1d8e9f0a1b2c3d4e60');
    if (!first.ok || !second.ok) throw new Error('upload refused');
    expect(server.objects.size).toBe(3);

    expect(await deleteDocuments(db, [first.document.id], store)).toBe(1);
    expect(keysOf(server)).toEqual([`documents/${second.document.id}/0`]);
    expect(await readDocument(db, first.document.id, store)).toBeNull();

    // A privacy deletion runs in its own transaction: the rows go with it, the objects wait for the sweep.
    await db.transaction().execute((trx) => deleteDocumentsOf(trx, [second.document.owner], store));
    expect(await db.selectFrom('documents').select('id').execute()).toEqual([]);
    expect(server.objects.size).toBe(1);
    expect(await deleteOrphanedDocumentObjects(db, store)).toBe(1);
    expect(server.objects.size).toBe(0);
  });

  it('sweeps nothing of a document that has its row', async () => {
    const db = await database();
    const { server, store } = await s3();
    const stored = await upload(db, pdf(5000), store);
    if (!stored.ok) throw new Error(stored.message);
    expect(await deleteOrphanedDocumentObjects(db, store)).toBe(0);
    expect(server.objects.size).toBe(1);
  });

  it('still reads documents stored in the database before the switch, and says so when object storage is gone', async () => {
    const db = await database();
    const before = pdf(CHUNK_BYTES + 99);
    const inDatabase = await upload(db, before, null);
    if (!inDatabase.ok) throw new Error(inDatabase.message);

    const { server, store } = await s3();
    const after = pdf(3000);
    const inObjects = await upload(db, after, store);
    if (!inObjects.ok) throw new Error(inObjects.message);

    expect((await bytesOf((await readDocument(db, inDatabase.document.id, store))!.content)).equals(before)).toBe(true);
    expect((await bytesOf((await readDocument(db, inObjects.document.id, store))!.content)).equals(after)).toBe(true);
    expect(keysOf(server)).toEqual([`documents/${inObjects.document.id}/0`]);

    // Configuration removed: the database's documents still read; the others fail with a reason.
    expect((await bytesOf((await readDocument(db, inDatabase.document.id, null))!.content)).equals(before)).toBe(true);
    await expect(readDocument(db, inObjects.document.id, null)).rejects.toThrow(/object storage, which is not configured/);

    // Deleting the database's document touches no object.
    await deleteDocuments(db, [inDatabase.document.id], store);
    expect(keysOf(server)).toEqual([`documents/${inObjects.document.id}/0`]);
  });

  it('tells a missing object as damage, never as a short file', async () => {
    const db = await database();
    const { server, store } = await s3();
    const stored = await upload(db, pdf(CHUNK_BYTES + 1), store);
    if (!stored.ok) throw new Error(stored.message);
    server.objects.delete(`documents/${stored.document.id}/1`);
    const read = await readDocument(db, stored.document.id, store);
    await expect(bytesOf(read!.content)).rejects.toThrow(DocumentIntegrityError);
  });

  it('fails an upload with a wrong access key and leaves nothing behind', async () => {
    const db = await database();
    const { server, store } = await s3({ accessKeyId: 'NOTTHEKEY' });
    await expect(upload(db, pdf(5000), store)).rejects.toThrow();
    expect(server.refused).toBeGreaterThan(0);
    expect(server.objects.size).toBe(0);
    expect(await db.selectFrom('documents').select('id').execute()).toEqual([]);
  });
});

describe('the local S3-compatible server', () => {
  it('refuses a request without an Authorization header', async () => {
    const server = await startS3Server();
    cleanups.push(server.close);
    const response = await fetch(`${server.url}/${server.bucket}/documents/x/0`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('InvalidAccessKeyId');
  });
});

describe('the DOCUMENTS_S3_* settings', () => {
  const complete = {
    DOCUMENTS_S3_BUCKET: 'loan-documents',
    DOCUMENTS_S3_REGION: 'auto',
    DOCUMENTS_S3_ACCESS_KEY_ID: 'key',
    DOCUMENTS_S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('are all four or none, with the endpoint and path style only beside them', () => {
    expect(parseEnv({}).DOCUMENTS_S3_BUCKET).toBeUndefined();
    const env = parseEnv({ ...complete, DOCUMENTS_S3_ENDPOINT: 'http://minio:9000', DOCUMENTS_S3_FORCE_PATH_STYLE: '1' });
    expect(env).toMatchObject({ ...complete, DOCUMENTS_S3_ENDPOINT: 'http://minio:9000', DOCUMENTS_S3_FORCE_PATH_STYLE: true });
    expect(() => parseEnv({ DOCUMENTS_S3_BUCKET: 'loan-documents' })).toThrow(
      /DOCUMENTS_S3_SECRET_ACCESS_KEY: is required when DOCUMENTS_S3_BUCKET is set \(all four or none\)/,
    );
    expect(() => parseEnv({ DOCUMENTS_S3_ENDPOINT: 'http://minio:9000' })).toThrow(/DOCUMENTS_S3_ENDPOINT: is used only with/);
    expect(() => parseEnv({ ...complete, DOCUMENTS_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /DOCUMENTS_S3_ENDPOINT: must be an http/,
    );
  });
});

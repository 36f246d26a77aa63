import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { open } from '../../lib/auth/secret-box.server';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { CHUNK_BYTES } from '../../lib/documents/cipher.server';
import type { Scanner, ScannerFactory } from '../../lib/documents/scanner';
import {
  deleteDocuments,
  deleteDocumentsOf,
  deleteUnfinishedDocuments,
  DocumentIntegrityError,
  DocumentKeyError,
  documentById,
  documentsOf,
  readDocument,
  rewrapDocumentKeys,
  SCAN_FAILED_MESSAGE,
  storeDocument,
} from '../../lib/documents/store.server';
import { scanDatabase } from '../support/database-scan';
import { testEngines } from '../support/engines';
import { tempPostgres, tempSqlite } from '../support/temp-db';

const SECRET = vi.hoisted(() => {
  const key = Buffer.alloc(32, 23);
  process.env.SECRET_KEY = key.toString('base64');
  return key;
});

/**
 * The encrypted document store (issue 30, point 5) on a real database: what goes in comes out
 * byte for byte, while neither the content nor the file name is anywhere in the database (its
 * rows, and on SQLite its files); refused, oversized and broken uploads leave nothing; an altered
 * chunk does not open; a virus is kept in quarantine; SECRET_KEY can be rotated.
 */

const MiB = 1024 * 1024;
const OWNER = 'loan-item:019a5f3c2b7e7c1d8e9f0a1b2c3d4e5f';
const MARKER = 'CLP-DOC-MARKER-5b1e';
const NAME = 'Jane Roe bank statement CLP-NAME-MARKER-91c4.pdf';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const engines = testEngines<{ db: DB; path: string | null; cleanup: () => Promise<void> }>(
  async () => tempSqlite(),
  async (url) => ({ ...(await tempPostgres(url)), path: null }),
);

/** A PDF of `size` bytes with the marker repeated through it. */
function pdf(size: number, body = `${MARKER} `): Buffer {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, body)]);
}

/** The bytes as a network would deliver them: in pieces of a size that does not divide a chunk. */
async function* streamOf(bytes: Buffer, piece = 100_000): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += piece) yield bytes.subarray(offset, offset + piece);
}

async function contentOf(content: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  for await (const piece of content) pieces.push(piece);
  return pieces;
}

/** A scanner as the store sees clamd: it finds 'EICAR' (across a chunk's edge too) and records what it was fed. */
function fakeScanner(fail: { on?: 'write' | 'finish' } = {}) {
  const seen = createHash('sha256');
  let tail = Buffer.alloc(0);
  let infected = false;
  const scanner = {
    aborted: 0,
    digest: () => seen.digest('hex'),
    async write(chunk: Uint8Array) {
      if (fail.on === 'write') throw new Error('clamd went away');
      seen.update(chunk);
      const window = Buffer.concat([tail, chunk]);
      infected ||= window.includes('EICAR');
      tail = window.subarray(-4);
    },
    async finish() {
      if (fail.on === 'finish') throw new Error('clamd went away');
      return infected ? { infected: true as const, signature: 'Test.EICAR' } : { infected: false as const };
    },
    abort() {
      scanner.aborted++;
    },
  };
  return scanner satisfies Scanner;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(engines)('the document store on %s', (_engine, openEngine) => {
  async function database(): Promise<{ db: DB; path: string | null }> {
    const handle = await openEngine();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    return handle;
  }

  async function rowCounts(db: DB): Promise<{ documents: number; chunks: number }> {
    const documents = await db.selectFrom('documents').select('id').execute();
    const chunks = await db.selectFrom('document_chunks').select('seq').execute();
    return { documents: documents.length, chunks: chunks.length };
  }

  const upload = (db: DB, bytes: Buffer, extra: Partial<Parameters<typeof storeDocument>[1]> = {}) =>
    storeDocument(db, { owner: OWNER, name: NAME, uploadedBy: 'borrower:jane', source: streamOf(bytes), ...extra });

  it('returns a multi-chunk PDF byte for byte, with no plaintext of it or its name in the database', async () => {
    const { db, path } = await database();
    const file = pdf(2.5 * CHUNK_BYTES);
    const now = new Date('2026-11-27T10:00:00Z');
    const stored = await upload(db, file, { now });
    if (!stored.ok) throw new Error(stored.message);
    expect(stored.document).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      owner: OWNER,
      name: NAME,
      contentType: 'application/pdf',
      size: file.length,
      scan: 'unscanned',
      uploadedBy: 'borrower:jane',
      createdAt: now.toISOString(),
    });
    expect(await rowCounts(db)).toEqual({ documents: 1, chunks: 3 });
    expect(await documentsOf(db, [OWNER])).toEqual([stored.document]);
    expect(await documentById(db, stored.document.id)).toEqual(stored.document);

    const read = await readDocument(db, stored.document.id);
    if (!read) throw new Error('not found');
    expect(read.document).toEqual(stored.document);
    const pieces = await contentOf(read.content);
    expect(pieces.map((piece) => piece.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, file.length - 2 * CHUNK_BYTES]);
    expect(Buffer.concat(pieces).equals(file)).toBe(true);

    const plaintext = (text: string) => text.includes(MARKER) || text.includes('CLP-NAME-MARKER');
    const scan = await scanDatabase(db, plaintext);
    expect(scan.tables).toEqual(expect.arrayContaining(['documents', 'document_chunks']));
    expect(scan.hits).toEqual([]);
    // The search does find what is stored in clear (the owner), so its silence above means something.
    expect((await scanDatabase(db, (text) => text.includes(OWNER))).hits).toEqual([{ table: 'documents', column: 'owner' }]);
    if (path) {
      for (const file of [path, `${path}-wal`])
        if (existsSync(file)) expect(plaintext(readFileSync(file).toString('latin1')), file).toBe(false);
    }
  });

  it('refuses by its bytes a file that is not a document, an empty one, and stores nothing of either', async () => {
    const { db } = await database();
    const scanner = fakeScanner();
    const html = await upload(db, Buffer.from('<!doctype html><title>Statement</title><script>alert(1)</script>'), { scanner });
    expect(html).toEqual({ ok: false, status: 415, message: expect.stringContaining('PDF, JPEG, PNG or HEIC') });
    expect(scanner.aborted).toBe(1);
    const openScan = vi.fn<ScannerFactory>(async () => fakeScanner());
    expect(await upload(db, Buffer.from('<html>'), { scanner: openScan })).toMatchObject({ status: 415 });
    expect(openScan).not.toHaveBeenCalled();
    expect(await upload(db, Buffer.alloc(0))).toEqual({
      ok: false,
      status: 422,
      message: 'This file is empty; choose the file again.',
    });
    expect(await rowCounts(db)).toEqual({ documents: 0, chunks: 0 });
  });

  it('stops reading past 25 MB, answers 413 and leaves nothing; 25 MB exactly is accepted', async () => {
    const { db } = await database();
    // A 100 MB upload made lazily from one 1 MiB piece: the test never holds more than that.
    const piece = pdf(MiB);
    let pulled = 0;
    let closed = false;
    async function* huge(): AsyncGenerator<Uint8Array> {
      try {
        for (; pulled < 100; pulled++) yield piece;
      } finally {
        closed = true;
      }
    }
    const result = await storeDocument(db, { owner: OWNER, name: NAME, uploadedBy: 'builder:acme', source: huge() });
    expect(result).toEqual({ ok: false, status: 413, message: 'This file is over 25 MB; the largest accepted is 25 MB.' });
    expect(pulled).toBeLessThanOrEqual(27);
    expect(closed).toBe(true);
    expect(await rowCounts(db)).toEqual({ documents: 0, chunks: 0 });

    async function* exactly25(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 25; i++) yield piece;
    }
    const limit = await storeDocument(db, { owner: OWNER, name: NAME, uploadedBy: 'builder:acme', source: exactly25() });
    expect(limit).toMatchObject({ ok: true, document: { size: 25 * MiB } });
    expect(await rowCounts(db)).toEqual({ documents: 1, chunks: (25 * MiB) / CHUNK_BYTES });
  });

  it('leaves no row behind when the source fails midway (the client went away)', async () => {
    const { db } = await database();
    const scanner = fakeScanner();
    async function* brokenOff(): AsyncGenerator<Uint8Array> {
      yield* streamOf(pdf(2.5 * MiB));
      throw new Error('aborted');
    }
    await expect(storeDocument(db, { owner: OWNER, name: NAME, uploadedBy: 'x', source: brokenOff(), scanner })).rejects.toThrow(
      'aborted',
    );
    expect(scanner.aborted).toBeGreaterThan(0);
    expect(await rowCounts(db)).toEqual({ documents: 0, chunks: 0 });
  });

  it('refuses to return an altered, missing or cut-off chunk', async () => {
    const { db } = await database();
    const stored = await upload(db, pdf(2.5 * MiB));
    if (!stored.ok) throw new Error(stored.message);
    const { id } = stored.document;
    const readAll = async () => contentOf((await readDocument(db, id))!.content);
    const chunk = (seq: number) =>
      db.selectFrom('document_chunks').select('data').where('document_id', '=', id).where('seq', '=', seq);
    const setChunk = (seq: number, data: Buffer) =>
      db.updateTable('document_chunks').set({ data }).where('document_id', '=', id).where('seq', '=', seq).execute();

    const original = Buffer.from((await chunk(1).executeTakeFirstOrThrow()).data);
    const flipped = Buffer.from(original);
    flipped[1000]! ^= 0x01;
    await setChunk(1, flipped);
    await expect(readAll()).rejects.toThrow(DocumentIntegrityError);
    await setChunk(1, original);
    expect(Buffer.concat(await readAll()).length).toBe(stored.document.size);

    // Chunks swapped between places fail their tags too.
    const first = Buffer.from((await chunk(0).executeTakeFirstOrThrow()).data);
    await setChunk(0, original);
    await setChunk(1, first);
    await expect(readAll()).rejects.toThrow(/chunk 0 .* fails its check/i);
    await setChunk(0, first);
    await setChunk(1, original);

    // A file cut short: the last chunk gone, or the count lowered to end on a chunk not sealed as the last.
    await db.updateTable('documents').set({ chunk_count: 2 }).where('id', '=', id).execute();
    await expect(readAll()).rejects.toThrow(/chunk 1 .* fails its check/i);
    await db.updateTable('documents').set({ chunk_count: 3 }).where('id', '=', id).execute();
    await db.deleteFrom('document_chunks').where('document_id', '=', id).where('seq', '=', 2).execute();
    await expect(readAll()).rejects.toThrow(/chunk 2 .* missing/i);
  });

  it('feeds the scanner the plaintext and keeps an infected file, encrypted, in quarantine', async () => {
    const { db } = await database();
    const clean = fakeScanner();
    const file = pdf(1.5 * MiB);
    const stored = await upload(db, file, { scanner: clean });
    expect(stored).toMatchObject({ ok: true, document: { scan: 'clean' } });
    expect(clean.digest()).toBe(sha256(file));
    expect(clean.aborted).toBe(0);

    // 'EICAR' across the first chunk's edge, through a factory as the server passes clamd's.
    const infected = Buffer.concat([pdf(CHUNK_BYTES - 2), Buffer.from('EICAR'), pdf(1000)]);
    const quarantined = await upload(db, infected, { scanner: async () => fakeScanner() });
    if (!quarantined.ok) throw new Error(quarantined.message);
    expect(quarantined.document.scan).toBe('quarantined');
    const row = await db
      .selectFrom('documents')
      .select(['scan', 'scan_signature'])
      .where('id', '=', quarantined.document.id)
      .executeTakeFirst();
    expect(row).toEqual({ scan: 'quarantined', scan_signature: 'Test.EICAR' });
    expect((await documentsOf(db, [OWNER])).map((d) => d.scan)).toEqual(['clean', 'quarantined']);
  });

  it('stores nothing when the scanner fails, and says to try again', async () => {
    const { db } = await database();
    for (const scanner of [fakeScanner({ on: 'write' }), fakeScanner({ on: 'finish' })]) {
      expect(await upload(db, pdf(1.5 * MiB), { scanner })).toEqual({ ok: false, status: 503, message: SCAN_FAILED_MESSAGE });
      expect(scanner.aborted).toBeGreaterThan(0);
    }
    const unreachable: ScannerFactory = async () => {
      throw new Error('connect ENOENT /run/clamav/clamd.ctl');
    };
    expect(await upload(db, pdf(1000), { scanner: unreachable })).toMatchObject({ status: 503 });
    expect(await rowCounts(db)).toEqual({ documents: 0, chunks: 0 });
  });

  it('rewraps every key and name under a new SECRET_KEY without touching a chunk', async () => {
    const { db } = await database();
    const file = pdf(1.5 * MiB);
    const stored = await upload(db, file);
    if (!stored.ok) throw new Error(stored.message);
    const { id } = stored.document;
    // Digests: comparing megabytes of Buffers value by value takes Vitest seconds.
    const chunkDigests = async () =>
      (await db.selectFrom('document_chunks').select('data').orderBy('seq').execute()).map((chunk) => sha256(chunk.data));
    const chunksBefore = await chunkDigests();
    const newKey = randomBytes(32);

    expect(await rewrapDocumentKeys(db, SECRET, newKey)).toEqual({ rewrapped: 1, alreadyNew: 0 });
    const row = await db.selectFrom('documents').select(['name', 'wrapped_key']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.wrapped_key).toMatch(/^v1\./);
    expect(open(row.name, `document:${id}`, newKey)).toBe(NAME);
    expect(open(row.wrapped_key, `document-key:${id}`, newKey)).not.toBeNull();
    expect(await chunkDigests()).toEqual(chunksBefore);
    // This process still holds the old key: the document is shut to it now.
    await expect(readDocument(db, id)).rejects.toThrow(DocumentKeyError);
    // A run cut short runs again; a key that opens nothing stops it.
    expect(await rewrapDocumentKeys(db, SECRET, newKey)).toEqual({ rewrapped: 0, alreadyNew: 1 });
    await expect(rewrapDocumentKeys(db, randomBytes(32), randomBytes(32))).rejects.toThrow(/neither/);

    // Back under the old key (which only the new one could do), the content opens as it was.
    expect(await rewrapDocumentKeys(db, newKey, SECRET)).toEqual({ rewrapped: 1, alreadyNew: 0 });
    const read = await readDocument(db, id);
    expect(Buffer.concat(await contentOf(read!.content)).equals(file)).toBe(true);
  });

  it('lists oldest first and deletes by document, by owner and when left unfinished', async () => {
    const { db } = await database();
    const store = async (owner: string, at: string) => {
      const stored = await upload(db, pdf(1.2 * CHUNK_BYTES), { owner, now: new Date(at) });
      if (!stored.ok) throw new Error(stored.message);
      return stored.document;
    };
    const later = await store(OWNER, '2026-11-27T12:00:00Z');
    const earlier = await store(OWNER, '2026-11-27T09:00:00Z');
    const other = await store('loan-item:other', '2026-11-27T10:00:00Z');
    expect((await documentsOf(db, [OWNER, 'loan-item:other'])).map((d) => d.id)).toEqual([earlier.id, other.id, later.id]);
    expect(await documentsOf(db, [])).toEqual([]);
    expect(await documentById(db, 'not an id')).toBeNull();
    expect(await readDocument(db, '0'.repeat(32))).toBeNull();

    expect(await deleteDocumentsOf(db, [OWNER])).toBe(2);
    expect(await rowCounts(db)).toEqual({ documents: 1, chunks: 2 });
    expect(await db.transaction().execute((trx) => deleteDocuments(trx, [other.id]))).toBe(1);
    expect(await rowCounts(db)).toEqual({ documents: 0, chunks: 0 });

    // An upload a crash cut off stays 'writing': never listed, swept once old enough.
    const cut = await store(OWNER, '2026-11-27T09:00:00Z');
    await db.updateTable('documents').set({ state: 'writing' }).where('id', '=', cut.id).execute();
    expect(await documentsOf(db, [OWNER])).toEqual([]);
    expect(await readDocument(db, cut.id)).toBeNull();
    expect(await deleteUnfinishedDocuments(db, new Date('2026-11-27T08:00:00Z'))).toBe(0);
    expect(await deleteUnfinishedDocuments(db, new Date('2026-11-27T10:00:00Z'))).toBe(1);
    expect(await rowCounts(db)).toEqual({ documents: 0, chunks: 0 });
  });
});

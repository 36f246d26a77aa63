import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { CHUNK_BYTES } from '../../lib/documents/cipher.server';
import type { LoanFile } from '../../lib/loan-files/types';
import { itemOwner } from '../../lib/loan-files/upload-access.server';
import { engines } from '../support/engines';
import { applicationFile, storedDocument } from '../support/loan-file-documents';
import { unzipped } from '../support/unzip';

/**
 * GET /api/admin/documents/zip/<fileId> (issue 30, point 5: the owner downloads a whole file as
 * one ZIP), called as Next calls it, on a real database with a stand-in for the session cookie,
 * its body unpacked by a real unzipper: the exact bytes under `<item label>/<name>`, quarantined
 * documents left out, the download logged once, and a chunk that fails its check breaks it off.
 */

const state = vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 31).toString('base64');
  return { session: null as object | null, db: null as unknown, errors: [] as unknown[] };
});
vi.mock('../../lib/auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../lib/db/index.server', () => ({ getDb: async () => state.db }));
// Next's request scope, which `connection()` asks for, exists only inside Next: the test stands in for it.
vi.mock('next/server', async (original) => ({ ...(await original<typeof import('next/server')>()), connection: async () => {} }));
vi.mock('../../lib/log.server', () => ({
  logger: { info: () => undefined, warn: () => undefined, error: (entry: unknown) => void state.errors.push(entry) },
}));

const { GET } = await import('../../app/api/admin/documents/zip/[fileId]/route');

const account = (role: string) => ({
  id: 'acct-1',
  authenticatedAt: new Date().toISOString(),
  account: { id: 'acct-1', email: 'officer@example.com', name: 'Olive', role },
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  state.errors = [];
});

const MiB = 1024 * 1024;
const pdf = (size: number, fill = 'statement ') => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, fill)]);
const jpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]);

const get = (fileId: string) =>
  GET(new Request(`https://loans.example.com/api/admin/documents/zip/${fileId}`), { params: Promise.resolve({ fileId }) });

describe.each(engines)('the loan file ZIP route on %s', (_engine, open) => {
  async function setUp(): Promise<{ db: DB; file: LoanFile }> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    state.db = handle.db;
    state.session = account('owner');
    return { db: handle.db, file: await applicationFile(handle.db) };
  }

  const stored = (db: DB, itemId: string, bytes: Buffer, name: string, infected = false) =>
    storedDocument(db, itemOwner(itemId), bytes, name, infected);

  const activity = (db: DB) =>
    db.selectFrom('activity_log').select(['action', 'target', 'detail', 'actor']).orderBy('at').orderBy('id').execute();

  it('streams every document of the file, by item, to the exact bytes, and logs the download once', async () => {
    const { db, file } = await setUp();
    const [first, second] = file.items;
    const statement = pdf(2.5 * MiB);
    const again = pdf(40_000, 'another ');
    const photo = jpeg(300_000);
    await stored(db, first!.id, statement, 'Relevé de compte "mai".pdf');
    await stored(db, first!.id, again, 'Relevé de compte "mai".pdf');
    await stored(db, second!.id, photo, 'IMG_0001.jpg');
    await stored(db, second!.id, pdf(4000), 'eicar.pdf', true);

    const response = await get(file.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const borrower = file.borrower.name.replace(/\s+/g, '-');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="loan-file-${borrower}.zip"; filename*=UTF-8''${encodeURIComponent(`loan-file-${borrower}.zip`)}`,
    );
    // Logged when the response is handed over, before its body is read.
    expect(await activity(db)).toEqual([
      {
        action: 'documents_downloaded',
        target: file.id,
        detail: JSON.stringify({ documents: 3 }),
        actor: 'officer@example.com',
      },
    ]);

    const files = await unzipped(Buffer.from(await response.arrayBuffer()));
    // The name's quotes are unsafe on Windows; the second of the same name is numbered.
    expect([...files.keys()]).toEqual([
      `${first!.label}/Relevé de compte _mai_.pdf`,
      `${first!.label}/Relevé de compte _mai_ (2).pdf`,
      `${second!.label}/IMG_0001.jpg`,
    ]);
    expect([...files.values()].map((bytes) => bytes.toString('base64'))).toEqual(
      [statement, again, photo].map((bytes) => bytes.toString('base64')),
    );
    expect((await activity(db)).map((entry) => entry.action)).toEqual(['documents_downloaded']);
  });

  it('answers 404 for a file that does not exist or has nothing to download, and logs nothing', async () => {
    const { db, file } = await setUp();
    for (const id of ['f'.repeat(32), 'x'.repeat(200)]) expect((await get(id)).status, id).toBe(404);
    await stored(db, file.items[0]!.id, pdf(4000), 'eicar.pdf', true);
    const empty = await get(file.id);
    expect(empty.status).toBe(404);
    expect((await empty.json()).error).toMatch(/no documents/);
    expect(await activity(db)).toEqual([]);
  });

  it('refuses a signed-out caller and a role without leads', async () => {
    const { db, file } = await setUp();
    await stored(db, file.items[0]!.id, pdf(4000), 'a.pdf');
    state.session = null;
    expect((await get(file.id)).status).toBe(401);
    state.session = account('editor');
    expect((await get(file.id)).status).toBe(403);
    state.session = account('loan_officer');
    expect((await get(file.id)).status).toBe(200);
    expect((await activity(db)).map((entry) => entry.actor)).toEqual(['officer@example.com']);
  });

  it('breaks the archive off when a chunk fails its check, rather than ending it as complete', async () => {
    const { db, file } = await setUp();
    await stored(db, file.items[0]!.id, pdf(3000), 'fine.pdf');
    const doc = await stored(db, file.items[0]!.id, pdf(2.5 * MiB), 'statement.pdf');
    const chunk = await db
      .selectFrom('document_chunks')
      .select('data')
      .where('document_id', '=', doc.id)
      .where('seq', '=', 1)
      .executeTakeFirstOrThrow();
    const altered = Buffer.from(chunk.data);
    altered[500]! ^= 0x01;
    await db
      .updateTable('document_chunks')
      .set({ data: altered })
      .where('document_id', '=', doc.id)
      .where('seq', '=', 1)
      .execute();

    const response = await get(file.id);
    expect(response.status).toBe(200);
    const sent: Uint8Array[] = [];
    const reader = response.body!.getReader();
    await expect(
      (async () => {
        for (let read = await reader.read(); !read.done; read = await reader.read()) sent.push(read.value);
      })(),
    ).rejects.toThrow(/fails its check/);
    // The first document and the first chunk of the second went out; no end of the archive did.
    expect(Buffer.concat(sent).length).toBeGreaterThan(3000 + CHUNK_BYTES);
    expect(Buffer.concat(sent).includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(false);
    expect(state.errors).toEqual([expect.objectContaining({ event: 'admin.documents_zip_failed', file: file.id })]);
  });

  it('reads one chunk at a time as the client asks', async () => {
    const { db, file } = await setUp();
    await stored(db, file.items[0]!.id, pdf(3 * MiB), 'big.pdf');
    const reader = (await get(file.id)).body!.getReader();
    expect((await reader.read()).value!.byteLength).toBeLessThan(1000); // the local header
    expect((await reader.read()).value!.byteLength).toBe(CHUNK_BYTES);
    await reader.cancel();
  });
});

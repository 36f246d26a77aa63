import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_BYTES } from '../../lib/documents/cipher.server';
import { NextRequest } from 'next/server';
import type { DB } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import type { LoanFile } from '../../lib/loan-files/types';
import { itemOwner } from '../../lib/loan-files/upload-access.server';
import { engines } from '../support/engines';
import { applicationFile, storedDocument } from '../support/loan-file-documents';

/**
 * GET /api/admin/documents/<id> (issue 30, point 5: the owner previews items in the browser),
 * called as Next calls it, on a real database with a stand-in for the session cookie: only a
 * loan file item's document is served, never a quarantined one; each view and download is in the
 * activity log before a byte goes out; a chunk that fails its check breaks the body off.
 */

const state = vi.hoisted(() => {
  process.env.SECRET_KEY = Buffer.alloc(32, 31).toString('base64');
  return { session: null as object | null, db: null as unknown };
});
vi.mock('../../lib/auth/session.server', () => ({
  getAdminSession: async () => state.session,
  requestClient: async () => ({ ip: '203.0.113.7', userAgent: 'vitest', headers: new Headers() }),
}));
vi.mock('../../lib/db/index.server', () => ({ getDb: async () => state.db }));
// Next's request scope, which `connection()` asks for, exists only inside Next: the test stands in for it.
vi.mock('next/server', async (original) => ({ ...(await original<typeof import('next/server')>()), connection: async () => {} }));
vi.mock('../../lib/log.server', () => ({ logger: { info: () => undefined, warn: () => undefined, error: () => undefined } }));

const { GET } = await import('../../app/api/admin/documents/[id]/route');

const account = (role: string) => ({
  id: 'acct-1',
  authenticatedAt: new Date().toISOString(),
  account: { id: 'acct-1', email: 'officer@example.com', name: 'Olive', role },
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MiB = 1024 * 1024;
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 'statement ')]);
/** The start of an iPhone photo: an `ftyp` box of brand heic. */
const heic = () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(2000, 1)]);

const get = (id: string, query = '') =>
  GET(new NextRequest(`https://loans.example.com/api/admin/documents/${id}${query}`), { params: Promise.resolve({ id }) });

describe.each(engines)('the admin document route on %s', (_engine, open) => {
  async function setUp(): Promise<{ db: DB; file: LoanFile }> {
    const handle = await open();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    state.db = handle.db;
    state.session = account('owner');
    return { db: handle.db, file: await applicationFile(handle.db) };
  }

  const stored = storedDocument;

  const activity = (db: DB) =>
    db.selectFrom('activity_log').select(['action', 'target', 'detail', 'actor']).orderBy('at').orderBy('id').execute();

  it('streams an item’s document inline or as a download, logging each before it is sent', async () => {
    const { db, file } = await setUp();
    const bytes = pdf(2.5 * MiB);
    const doc = await stored(db, itemOwner(file.items[0]!.id), bytes, 'Relevé de compte "mai".pdf');

    const view = await get(doc.id);
    expect(view.status).toBe(200);
    expect(Object.fromEntries(view.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="Releve de compte _mai_.pdf"; filename*=UTF-8''Relev%C3%A9%20de%20compte%20%22mai%22.pdf`,
    });
    // Logged when the response is handed over, before its body is read.
    expect(await activity(db)).toEqual([
      { action: 'document_viewed', target: doc.id, detail: JSON.stringify({ file: file.id }), actor: 'officer@example.com' },
    ]);
    expect(Buffer.from(await view.arrayBuffer()).equals(bytes)).toBe(true);

    const download = await get(doc.id, '?download=1');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect((await download.arrayBuffer()).byteLength).toBe(bytes.length);
    expect((await activity(db)).map((entry) => entry.action)).toEqual(['document_viewed', 'document_downloaded']);
  });

  it('always saves a HEIC photo, which only Safari would show', async () => {
    const { db, file } = await setUp();
    const doc = await stored(db, itemOwner(file.items[0]!.id), heic(), 'IMG_0001.HEIC');
    const response = await get(doc.id);
    expect(response.headers.get('content-type')).toBe('image/heic');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="IMG_0001.HEIC"/);
    await response.arrayBuffer();
  });

  it('serves nothing but a loan file item’s document, and no quarantined one', async () => {
    const { db, file } = await setUp();
    const other = await stored(db, 'media:logo', pdf(4000), 'other.pdf');
    const orphan = await stored(db, itemOwner('0'.repeat(32)), pdf(4000), 'orphan.pdf');
    const flagged = await stored(db, itemOwner(file.items[0]!.id), pdf(4000), 'eicar.pdf', true);

    for (const id of [other.id, orphan.id, 'f'.repeat(32), 'not-an-id']) {
      const response = await get(id);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ error: 'This document was not found.' });
    }
    const refused = await get(flagged.id, '?download=1');
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await refused.json()).error).toMatch(/quarantined/);
    expect(await activity(db)).toEqual([]);
  });

  it('refuses a signed-out caller and a role without leads', async () => {
    const { db, file } = await setUp();
    const doc = await stored(db, itemOwner(file.items[0]!.id), pdf(4000), 'a.pdf');
    state.session = null;
    expect((await get(doc.id)).status).toBe(401);
    state.session = account('editor');
    expect((await get(doc.id)).status).toBe(403);
    expect(await activity(db)).toEqual([]);
  });

  it('breaks the body off when a chunk fails its check, rather than ending it as complete', async () => {
    const { db, file } = await setUp();
    const doc = await stored(db, itemOwner(file.items[0]!.id), pdf(2.5 * MiB), 'statement.pdf');
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

    const response = await get(doc.id);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).value?.byteLength).toBe(CHUNK_BYTES);
    await expect(reader.read()).rejects.toThrow(/fails its check/);
  });
});

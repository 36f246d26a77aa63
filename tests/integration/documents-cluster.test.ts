import { randomBytes } from 'node:crypto';
import { CHUNK_BYTES } from '../../lib/documents/cipher.server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect } from '../../lib/db/connect.server';
import { migrateToLatest } from '../../lib/db/migrate.server';
import { documentsOf, readDocument, storeDocument } from '../../lib/documents/store.server';
import { postgresUrl, tempPostgres } from '../support/temp-db';

vi.hoisted(() => {
  // Every instance seals and opens document keys with the same SECRET_KEY, as PostgreSQL requires.
  process.env.SECRET_KEY = Buffer.alloc(32, 31).toString('base64');
});

/**
 * Documents with two app instances on one PostgreSQL (issue 30: "an upload on one instance
 * downloads on another"), each its own connection pool as a separate process has: a document
 * stored through one reads back byte for byte through the other, which does not list it while
 * the upload is still being written.
 */

const MiB = 1024 * 1024;
const OWNER = 'loan-item:019a5f3c2b7e7c1d8e9f0a1b2c3d4e5f';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(postgresUrl)('documents with several instances on one PostgreSQL', () => {
  it('reads back through one instance, byte for byte, a document uploaded through another', async () => {
    const database = await tempPostgres(postgresUrl!, { migrated: true });
    cleanups.push(database.cleanup);
    await migrateToLatest(database.db);
    const [uploading, downloading] = [database.db, connect({ kind: 'postgres', url: database.url })];
    cleanups.push(() => downloading.destroy());

    // Three chunks of random bytes: the upload pauses once its first chunk is written.
    const file = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2.5 * MiB)]);
    let paused!: () => void;
    const midway = new Promise<void>((resolve) => (paused = resolve));
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    async function* source() {
      yield file.subarray(0, 1.5 * MiB);
      paused();
      await resumed;
      yield file.subarray(1.5 * MiB);
    }
    const storing = storeDocument(uploading, { owner: OWNER, name: 'contract.pdf', uploadedBy: 'builder', source: source() });

    await midway;
    expect(await downloading.selectFrom('documents').select('state').where('owner', '=', OWNER).execute()).toEqual([
      { state: 'writing' },
    ]);
    expect(await documentsOf(downloading, [OWNER])).toEqual([]);
    resume();
    const stored = await storing;
    if (!stored.ok) throw new Error(stored.message);

    expect(await documentsOf(downloading, [OWNER])).toEqual([stored.document]);
    const read = await readDocument(downloading, stored.document.id);
    if (!read) throw new Error('The other instance does not find the document.');
    const pieces: Buffer[] = [];
    for await (const piece of read.content) pieces.push(piece);
    expect(pieces).toHaveLength(Math.ceil(file.length / CHUNK_BYTES));
    expect(Buffer.concat(pieces).equals(file)).toBe(true);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { tempSqlite } from '../../tests/support/temp-db';
import { blobConnection, withoutWaiting } from './blob-connection.server';
import { connect } from './connect.server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function sqliteFile() {
  const handle = tempSqlite();
  cleanups.push(handle.cleanup);
  await sql`create table blobs (id integer primary key, data blob)`.execute(handle.db);
  return handle;
}

describe('the blob connection', () => {
  it('is a second connection to the same SQLite file, with a small page cache, closed with the main one', async () => {
    const { db } = await sqliteFile();
    const blobs = blobConnection(db);
    expect(blobs).not.toBe(db);
    expect(blobConnection(db)).toBe(blobs);
    await db.transaction().execute(async (trx) => expect(blobConnection(trx)).toBe(trx));
    await sql`insert into blobs (id, data) values (1, ${Buffer.from('written by the blob connection')})`.execute(blobs);
    const row = await db
      .selectFrom(sql`blobs`.as('b'))
      .select(sql<Buffer>`data`.as('data'))
      .executeTakeFirstOrThrow();
    expect(Buffer.from(row.data).toString()).toBe('written by the blob connection');
    expect((await sql<{ cache_size: number }>`pragma cache_size`.execute(blobs)).rows[0]?.cache_size).toBe(-1024);
    expect((await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size).toBe(-32000);

    await db.destroy();
    await expect(sql`select 1`.execute(blobs)).rejects.toThrow(/not open/);
  });

  it('is the main handle for an in-memory database, which a second connection would not see', async () => {
    const db = connect({ kind: 'sqlite', path: ':memory:' });
    cleanups.push(() => db.destroy());
    expect(blobConnection(db)).toBe(db);
  });

  it('waits for a transaction of the main connection without blocking the thread it needs to finish', async () => {
    const { db } = await sqliteFile();
    const blobs = blobConnection(db);
    const insert = () => sql`insert into blobs (id, data) values (2, ${Buffer.alloc(1024)})`.execute(blobs);
    let committed = false;
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into blobs (id, data) values (1, ${Buffer.alloc(1024)})`.execute(trx);
      await sleep(50); // the write lock held across an await, as a slow transaction does
      committed = true;
    });
    await sleep(5);
    // Alone, the blob connection gives up at once rather than block the thread (busy timeout 0)...
    await expect(insert()).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    // ...and withoutWaiting tries again after timers, so the transaction commits and the write follows it.
    await withoutWaiting(async () => {
      const result = await insert();
      expect(committed).toBe(true);
      return result;
    });
    await transaction;
    expect((await sql<{ n: number }>`select count(*) as n from blobs`.execute(db)).rows[0]?.n).toBe(2);
  });
});

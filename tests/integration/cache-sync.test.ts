import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase, postgresUrl } from '../support/postgres-database';

/**
 * The cache sync's LISTEN connection (server/cache-sync.ts, ADR 014) can fail at any moment, also
 * while the server is stopping it: PostgreSQL may end the session with a FATAL message of its own
 * (an administrator's pg_terminate_backend, a server shutdown) just as the client says goodbye. A
 * proxy between the two plays that moment exactly: it holds back the client's Terminate and
 * answers with PostgreSQL's FATAL error. An 'error' event without a listener would crash the process.
 */

/** PostgreSQL's ErrorResponse for "terminating connection due to administrator command". */
function fatalMessage(): Buffer {
  const field = (code: string, value: string) => Buffer.concat([Buffer.from(code), Buffer.from(`${value}\0`)]);
  const fields = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', '57P01'),
    field('M', 'terminating connection due to administrator command'),
    Buffer.from([0]),
  ]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(fields.length + 4);
  return Buffer.concat([Buffer.from('E'), length, fields]);
}

const TERMINATE = Buffer.from([0x58, 0, 0, 0, 4]);

/** A TCP proxy to PostgreSQL that answers a client's Terminate with a FATAL error instead of passing it on. */
async function fatalOnGoodbye(target: URL): Promise<{ port: number; answered: Promise<void>; close: () => Promise<void> }> {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
    }
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('data', (chunk: Buffer) => {
      if (!chunk.subarray(-TERMINATE.length).equals(TERMINATE)) return void upstream.write(chunk);
      upstream.write(chunk.subarray(0, -TERMINATE.length));
      client.end(fatalMessage(), () => {
        upstream.destroy();
        answer();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return {
    port: address.port,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!postgresUrl)('cache sync on PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    database = await createPostgresDatabase(postgresUrl!);
    vi.stubEnv('DATABASE_URL', database.url);
    await (await import('../../server/database')).migrateDatabase(database.url);
    const db = await import('../../lib/db/index.server');
    closeDb = db.closeDb;
    await db.getDb();
  });
  afterAll(async () => {
    await closeDb?.();
    vi.unstubAllEnvs();
    await database?.drop();
  });

  it('survives PostgreSQL ending the LISTEN connection with an error while it is being stopped', async () => {
    const proxy = await fatalOnGoodbye(new URL(database.url));
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const crashes: unknown[] = [];
    const crash = (error: unknown) => crashes.push(error);
    process.prependListener('uncaughtException', crash);
    try {
      const { startCacheSync } = await import('../../server/cache-sync');
      const sync = startCacheSync({ databaseUrl: viaProxy.toString(), expire: async () => undefined });
      // Listening: the database shows the session waiting in LISTEN (this database's only: the
      // PostgreSQL server is shared with other tests and with servers started meanwhile).
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        await expect
          .poll(
            async () =>
              (
                await admin.query(
                  "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'",
                )
              ).rows[0].n,
            { timeout: 10_000 },
          )
          .toBe(1);
      } finally {
        await admin.end();
      }
      await sync.stop();
      await proxy.answered;
      // The FATAL message arrives after stop() has let go of the connection.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', crash);
      await proxy.close();
    }
  });
});

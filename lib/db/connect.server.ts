import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../env-schema';
import { registerBlobConnection } from './blob-connection.server';
import { statementCache } from './statement-cache';
import { recordEngine } from './engine';
import { processSingleton } from '../runtime/process-singleton';
import type { Database } from './schema';

export type DB = Kysely<Database>;

export interface ConnectOptions {
  /** Called with the SQL of every query run (operators' LOG_DB_QUERIES, and the cache tests). */
  onQuery?: (sql: string) => void;
}

/** Opens a database. The caller owns the handle and must `destroy()` it when done. */
export function connect(target: DatabaseTarget, options: ConnectOptions = {}): DB {
  const { onQuery } = options;
  const log = onQuery ? (event: LogEvent) => onQuery(event.query.sql) : undefined;
  const db = target.kind === 'sqlite' ? openSqlite(target.path, log) : openPostgres(target.url, log);
  recordEngine(db, target.kind);
  return db;
}

function openSqlite(path: string, log?: (event: LogEvent) => void): DB {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  applyPragmas(sqlite);
  // The busy timeout rides out a second process (the migrate command, a backup) holding the write
  // lock for a moment.
  sqlite.pragma('busy_timeout = 5000');
  // The Leads tab's searches read thousands of rows by rowid; a 32 MB page cache and reads through
  // a memory map (256 MB) instead of a system call per page cut its slowest query by a third
  // (`npm run bench:leads`, docs/performance.md).
  sqlite.pragma('cache_size = -32000');
  sqlite.pragma('mmap_size = 268435456');
  if (file === ':memory:') return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log });

  // Documents' chunks go through a second connection with a small page cache, opened on first use
  // and closed with this one (blob-connection.server.ts): 100 MB of chunks would fill this one's
  // 32 MB with pages nobody reads again.
  let blobs: BetterSqlite3.Database | null = null;
  const prepared = statementCache((sql) => sqlite.prepare(sql));
  const database = {
    // Kysely begins a transaction with a plain (deferred) `begin`, which takes the write lock only at
    // the first write: if another connection (the blob connection, or another process such as a
    // test's or the migrate command) commits between a transaction's first read and its first
    // write, that write fails at once with SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out.
    // `begin immediate` takes the lock at the start (waiting for it as the busy timeout allows), so
    // what a transaction read is still true when it writes.
    prepare: (sql: string) => prepared(sql === 'begin' ? 'begin immediate' : sql),
    close: () => {
      blobs?.close();
      sqlite.close();
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }), log });
  registerBlobConnection(db, () => {
    blobs = new BetterSqlite3(file);
    applyPragmas(blobs);
    // It never waits inside SQLite for the lock (withoutWaiting retries); 1 MB of cache; no memory
    // map: the main connection maps the file already, and a blob is read once.
    blobs.pragma('busy_timeout = 0');
    blobs.pragma('cache_size = -1024');
    blobs.pragma('mmap_size = 0');
    const blobDb = new Kysely<Database>({ dialect: new SqliteDialect({ database: blobs }), log });
    recordEngine(blobDb, 'sqlite');
    return blobDb;
  });
  return db;
}

/** What every connection to the file has, whatever its use. */
function applyPragmas(sqlite: BetterSqlite3.Database): void {
  // WAL lets readers run beside the single writer; FULL makes a committed lead survive a power
  // cut (the point of storing leads first).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Deleted leads and privacy deletions must leave no copy in the file: freed pages and cells are zeroed.
  sqlite.pragma('secure_delete = ON');
}

/** The process's PostgreSQL pools, for their use in GET /metrics. */
const pools = () => processSingleton('db.pools', () => new Set<pg.Pool>());

/** Connections of this process's PostgreSQL pools: open, idle, and requests waiting for one; null on SQLite. */
export function poolUse(): { total: number; idle: number; waiting: number } | null {
  if (pools().size === 0) return null;
  let total = 0;
  let idle = 0;
  let waiting = 0;
  for (const pool of pools()) {
    // An ended pool (a closed database) has nothing left to report.
    if (pool.ended) {
      pools().delete(pool);
      continue;
    }
    total += pool.totalCount;
    idle += pool.idleCount;
    waiting += pool.waitingCount;
  }
  return { total, idle, waiting };
}

function openPostgres(url: string, log?: (event: LogEvent) => void): DB {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pools().add(pool);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
}

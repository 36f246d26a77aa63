import type { Engine } from '../engine';

/** What a backup file is named and what its first bytes say it holds. */

const EXTENSION: Record<Engine, string> = { sqlite: 'db', postgres: 'dump' };

/** `clp-sqlite-20261122T213000Z.db.enc`: the engine, the UTC time, the format, `.enc` when encrypted. */
export function backupFileName(engine: Engine, now: Date, encrypted: boolean, attempt = 1): string {
  const suffix = attempt > 1 ? `-${attempt}` : '';
  return `clp-${engine}-${fileStamp(now)}${suffix}.${EXTENSION[engine]}${encrypted ? '.enc' : ''}`;
}

/** `20261122T213000Z`: a UTC time in a file name, sorting in time order. */
export const fileStamp = (now: Date): string =>
  now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
/** pg_dump's custom format (--format=custom). */
const PG_DUMP_MAGIC = Buffer.from('PGDMP', 'latin1');

/** The engine a plain (decrypted) backup is for, from its first 16 bytes; null for anything else. */
export function backupEngine(start: Buffer): Engine | null {
  if (start.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return 'sqlite';
  if (start.subarray(0, PG_DUMP_MAGIC.length).equals(PG_DUMP_MAGIC)) return 'postgres';
  return null;
}

export const ENGINE_NAME: Record<Engine, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

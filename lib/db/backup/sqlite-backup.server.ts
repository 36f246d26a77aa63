import 'server-only';
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import { BackupError } from './errors';

/**
 * A consistent copy of a live SQLite database, by SQLite's online backup API on a connection of its
 * own. The site keeps writing meanwhile: in WAL mode a reader never blocks the writer. The copy is
 * made in one step, so it is one read transaction, one moment of the database: in several steps,
 * every write between two of them would start the copy over, and a busy site could keep it from
 * ever finishing.
 */

/** Pages per step: everything at once (the largest number SQLite takes). */
const WHOLE_DATABASE = 0x7fffffff;

/** Copies the database at `databasePath` into the new file `target` (mode 0600). */
export async function backupSqlite(databasePath: string, target: string): Promise<void> {
  if (!existsSync(databasePath)) throw new BackupError(`There is no SQLite database at ${databasePath} (DATABASE_URL).`);
  // Created here, so the copy of the leads is never readable by other users of the machine.
  await (await open(target, 'wx', 0o600)).close();
  const source = new BetterSqlite3(databasePath, { fileMustExist: true, timeout: 5000 });
  try {
    await source.backup(target, { progress: () => WHOLE_DATABASE });
  } finally {
    source.close();
  }
  const problem = checkSqliteFile(target, { quick: true });
  if (problem) throw new BackupError(`The copy of ${databasePath} failed its check (${problem}); no backup was written.`);
}

/**
 * What is wrong with an SQLite file as a copy of the site's database, or null when nothing is:
 * it must pass SQLite's integrity check (`quick`: without comparing indexes to their tables) and
 * hold the migrations table every database of the site has.
 */
export function checkSqliteFile(path: string, options: { quick?: boolean } = {}): string | null {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(path, { fileMustExist: true });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  try {
    const rows = db.pragma(options.quick ? 'quick_check' : 'integrity_check') as Record<string, string>[];
    const result = rows.map((row) => Object.values(row)[0]).join('; ');
    if (result !== 'ok') return `integrity check: ${result}`;
    const migrations = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    return migrations ? null : 'it is not a database of this site: it has no kysely_migration table';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db.close();
  }
}

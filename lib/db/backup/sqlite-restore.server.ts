import 'server-only';
import { existsSync, statSync } from 'node:fs';
import { chmod, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { fileStamp } from './backup-file';
import { BackupError } from './errors';
import { checkSqliteFile } from './sqlite-backup.server';

/**
 * Puts a checked copy in place of the SQLite database. The site must be stopped: a running server
 * keeps the old file open and would go on writing into it. The database it replaces is kept beside
 * it as `<file>.before-restore-<time>`, so a mistaken restore can be undone.
 */

/** Replaces `databasePath` by `copy` (a file in the same folder, renamed into place). */
export async function restoreSqlite(copy: string, databasePath: string, now: Date): Promise<{ keptAs: string | null }> {
  const problem = checkSqliteFile(copy);
  if (problem) throw new BackupError(`The backup is not a sound database of this site (${problem}).`);

  if (!existsSync(databasePath)) {
    await rename(copy, databasePath);
    await syncFolder(databasePath);
    return { keptAs: null };
  }
  settleAndRelease(databasePath);
  // The old WAL and shared-memory files belong to the old database: beside the new one, SQLite
  // would replay the old WAL into it.
  await chmod(copy, statSync(databasePath).mode & 0o777);
  for (const suffix of ['-wal', '-shm']) await rm(`${databasePath}${suffix}`, { force: true });
  const keptAs = `${databasePath}.before-restore-${fileStamp(now)}`;
  await rename(databasePath, keptAs);
  await rename(copy, databasePath).catch(async (error: unknown) => {
    await rename(keptAs, databasePath);
    throw error;
  });
  await syncFolder(databasePath);
  return { keptAs };
}

/**
 * Takes the database for this connection alone, which fails while any other connection has it
 * open (the site, a backup, a migration), and folds its WAL into the file, so the file alone is the
 * whole database when it is set aside.
 */
function settleAndRelease(databasePath: string): void {
  const db = new BetterSqlite3(databasePath, { fileMustExist: true, timeout: 1000 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('BEGIN EXCLUSIVE');
      db.exec('COMMIT');
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY'))
        throw new BackupError(
          `${databasePath} is in use: stop the site (and anything else that has the database open) before restoring, then start it again afterwards.`,
        );
      throw error;
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const wal = `${databasePath}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0)
    throw new BackupError(`${databasePath} was opened again while the restore was preparing: stop the site before restoring.`);
}

/** Makes the renames durable: they are entries of the folder, written when the folder is synced. */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(dirname(path), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

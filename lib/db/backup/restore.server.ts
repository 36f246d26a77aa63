import 'server-only';
import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { databaseTarget } from '../../env-schema';
import type { Engine } from '../engine';
import { backupEngine, ENGINE_NAME, fileStamp } from './backup-file';
import { decryptToFile, isEncryptedBackup } from './encryption.server';
import { BackupError } from './errors';
import { restorePostgres } from './postgres-restore.server';
import { restoreSqlite } from './sqlite-restore.server';

export interface RestoreOptions {
  /** A file `npm run db:backup` wrote. */
  file: string;
  databaseUrl: string;
  /** BACKUP_PASSPHRASE, needed for an encrypted backup. */
  passphrase?: string;
  now?: Date;
}

/**
 * `npm run db:restore FILE`: replaces DATABASE_URL's database by the backup, with the site stopped.
 * Everything is checked before anything is changed (the file, the passphrase, the tag that proves
 * nothing in it changed, the engine, SQLite's integrity check); an error leaves the database as it
 * was. The caller then migrates it: a backup of an older release is brought up to date.
 */
export async function restoreBackup(options: RestoreOptions): Promise<{ engine: Engine; keptAs: string | null }> {
  const file = resolve(options.file);
  const now = options.now ?? new Date();
  const target = databaseTarget(options.databaseUrl);
  const encrypted = isEncryptedBackup(await firstBytes(file));
  if (encrypted && options.passphrase === undefined)
    throw new BackupError(`${options.file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with.`);

  // The plain backup: decrypted (and proven whole) first, or for SQLite copied, so that the copy
  // can be checked and then renamed over the database; pg_restore reads a plain file where it is.
  const scratch = target.kind === 'sqlite' ? resolve(dirname(target.path)) : await mkdtemp(join(tmpdir(), 'clp-restore-'));
  const plain = target.kind === 'sqlite' ? `${resolve(target.path)}.restoring-${fileStamp(now)}` : join(scratch, 'backup.dump');
  try {
    await mkdir(scratch, { recursive: true });
    if (encrypted) await decryptToFile(file, plain, options.passphrase!);
    const engine = backupEngine(await firstBytes(encrypted ? plain : file));
    if (!engine) throw new BackupError(`${options.file} is not a backup made by npm run db:backup.`);
    if (engine !== target.kind)
      throw new BackupError(
        `${options.file} is a ${ENGINE_NAME[engine]} backup, but DATABASE_URL is a ${ENGINE_NAME[target.kind]} database: restore it into a ${ENGINE_NAME[engine]} DATABASE_URL.`,
      );
    if (target.kind === 'postgres') {
      await restorePostgres(encrypted ? plain : file, target.url);
      return { engine, keptAs: null };
    }
    if (!encrypted) await copyFile(file, plain, constants.COPYFILE_EXCL);
    return { engine, ...(await restoreSqlite(plain, resolve(target.path), now)) };
  } finally {
    if (target.kind === 'sqlite') for (const suffix of ['', '-wal', '-shm']) await rm(`${plain}${suffix}`, { force: true });
    else await rm(scratch, { recursive: true, force: true });
  }
}

async function firstBytes(file: string): Promise<Buffer> {
  const info = await stat(file).catch(() => null);
  if (!info) throw new BackupError(`There is no backup file at ${file}.`);
  if (!info.isFile()) throw new BackupError(`${file} is not a file.`);
  const handle = await open(file, 'r');
  try {
    const start = Buffer.alloc(16);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return start.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

import 'server-only';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { databaseTarget } from '../../env-schema';
import { backupFileName } from './backup-file';
import { encryptToFile, type ScryptCost } from './encryption.server';
import { dumpPostgres } from './postgres-backup.server';
import { backupSqlite } from './sqlite-backup.server';

export interface BackupOptions {
  databaseUrl: string;
  /** The folder the backup goes to (BACKUP_DIR); made when missing, readable by its owner only. */
  dir: string;
  /** BACKUP_PASSPHRASE: the backup is encrypted when set. */
  passphrase?: string;
  now?: Date;
  /** Tests only: a cheaper key derivation. `npm run db:backup` never sets it (NEW_BACKUP_COST). */
  scryptCost?: ScryptCost;
}

/**
 * `npm run db:backup`: a consistent copy of the database, taken while the site runs, written as
 * `<dir>/clp-<engine>-<UTC time>.<db|dump>[.enc]` (mode 0600). The file appears under its name only
 * once complete: until then it is `<name>.partial`, removed again when anything fails.
 */
export async function createBackup(options: BackupOptions): Promise<{ file: string; encrypted: boolean }> {
  const target = databaseTarget(options.databaseUrl);
  const { passphrase } = options;
  const dir = resolve(options.dir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = freeName(dir, target.kind, options.now ?? new Date(), passphrase !== undefined);
  const partial = `${file}.partial`;
  const plainCopy = `${file}.plain.partial`;
  try {
    if (target.kind === 'sqlite') {
      await backupSqlite(resolve(target.path), passphrase ? plainCopy : partial);
      if (passphrase) await encryptToFile(createReadStream(plainCopy), partial, passphrase, options.scryptCost);
    } else {
      await dumpPostgres(target.url, (dump) =>
        passphrase ? encryptToFile(dump, partial, passphrase, options.scryptCost) : writeNew(dump, partial),
      );
    }
    await chmod(partial, 0o600);
    await rename(partial, file);
    return { file, encrypted: passphrase !== undefined };
  } finally {
    await rm(partial, { force: true });
    await rm(plainCopy, { force: true });
  }
}

/** Two backups in the same second get `-2`, `-3`...: a backup never replaces another. */
function freeName(dir: string, engine: 'sqlite' | 'postgres', now: Date, encrypted: boolean): string {
  for (let attempt = 1; ; attempt++) {
    const file = join(dir, backupFileName(engine, now, encrypted, attempt));
    if (!existsSync(file) && !existsSync(`${file}.partial`)) return file;
  }
}

async function writeNew(source: Readable, target: string): Promise<void> {
  await pipeline(source, createWriteStream(target, { flags: 'wx', mode: 0o600, flush: true }));
}

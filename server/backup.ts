/** `npm run db:backup`: a consistent copy of DATABASE_URL's database, taken while the site runs. */
import { fileURLToPath } from 'node:url';
import { createBackup } from '../lib/db/backup/backup.server';
import { BackupError } from '../lib/db/backup/errors';
import { recordBackupIn } from '../lib/db/backup/last-backup.server';
import { failStart, readConfig } from './config';

const env = readConfig(fileURLToPath(new URL('..', import.meta.url)));
try {
  const now = new Date();
  const { file, encrypted } = await createBackup({
    databaseUrl: env.DATABASE_URL,
    dir: env.BACKUP_DIR,
    passphrase: env.BACKUP_PASSPHRASE,
    now,
  });
  // The path alone on standard output, for scripts: FILE=$(npm run --silent db:backup).
  process.stdout.write(`${file}\n`);
  if (!encrypted)
    process.stderr.write('Note: the backup is not encrypted (set BACKUP_PASSPHRASE to encrypt it); it holds every lead.\n');
  // For the Overview's setup checklist. The file is complete: a failure here is only reported.
  await recordBackupIn(env.DATABASE_URL, now).catch((error: unknown) =>
    process.stderr.write(
      `Note: the backup is complete, but its time was not recorded for the admin: ${error instanceof Error ? error.message : String(error)}\n`,
    ),
  );
} catch (error) {
  failStart(
    error instanceof BackupError ? `Backup failed: ${error.message}` : String(error instanceof Error ? error.stack : error),
  );
}

/** `npm run db:backup`: a consistent copy of DATABASE_URL's database, taken while the site runs. */
import { fileURLToPath } from 'node:url';
import { createBackup } from '../lib/db/backup/backup.server';
import { BackupError } from '../lib/db/backup/errors';
import { failStart, readConfig } from './config';

const env = readConfig(fileURLToPath(new URL('..', import.meta.url)));
try {
  const { file, encrypted } = await createBackup({
    databaseUrl: env.DATABASE_URL,
    dir: env.BACKUP_DIR,
    passphrase: env.BACKUP_PASSPHRASE,
  });
  // The path alone on standard output, for scripts: FILE=$(npm run --silent db:backup).
  process.stdout.write(`${file}\n`);
  if (!encrypted)
    process.stderr.write('Note: the backup is not encrypted (set BACKUP_PASSPHRASE to encrypt it); it holds every lead.\n');
} catch (error) {
  failStart(
    error instanceof BackupError ? `Backup failed: ${error.message}` : String(error instanceof Error ? error.stack : error),
  );
}

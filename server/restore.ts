/**
 * `npm run db:restore FILE`: replaces DATABASE_URL's database by a backup, then migrates it as
 * `npm run db:migrate` does. The site must be stopped while it runs.
 */
import { fileURLToPath } from 'node:url';
import { restoreBackup } from '../lib/db/backup/restore.server';
import { BackupError } from '../lib/db/backup/errors';
import { failStart, readConfig } from './config';
import { migrateDatabase } from './database';

const file = process.argv[2];
if (!file || process.argv.length > 3)
  failStart('Usage: npm run db:restore FILE (a file npm run db:backup wrote), with the site stopped.');

const env = readConfig(fileURLToPath(new URL('..', import.meta.url)));
let restored: Awaited<ReturnType<typeof restoreBackup>>;
try {
  restored = await restoreBackup({ file, databaseUrl: env.DATABASE_URL, passphrase: env.BACKUP_PASSPHRASE });
} catch (error) {
  if (error instanceof BackupError) failStart(`Restore failed: ${error.message}\nNothing was changed.`);
  failStart(String(error instanceof Error ? error.stack : error));
}
process.stdout.write(`Restored ${file}${restored.keptAs ? `; the database it replaced is kept as ${restored.keptAs}` : ''}.\n`);
try {
  const { applied } = await migrateDatabase(env.DATABASE_URL);
  process.stdout.write(
    `${applied.length ? `Applied ${applied.join(', ')}` : 'Database schema is up to date'}. Start the site again.\n`,
  );
} catch (error) {
  failStart(`The backup was restored, but migrating it failed: ${String(error instanceof Error ? error.stack : error)}`);
}

/** `npm run db:migrate`: apply pending migrations and the first-start seed, then exit. */
import { fileURLToPath } from 'node:url';
import { failStart, readConfig } from './config';
import { migrateDatabase } from './database';

const env = readConfig(fileURLToPath(new URL('..', import.meta.url)));
try {
  const { applied, seeded } = await migrateDatabase(env.DATABASE_URL);
  process.stdout.write(
    `${applied.length ? `Applied ${applied.join(', ')}` : 'Database schema is up to date'}${seeded ? '; seeded default content' : ''}.\n`,
  );
} catch (error) {
  failStart(String(error instanceof Error ? error.stack : error));
}

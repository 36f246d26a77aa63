/** `npm run db:migrate`: apply pending migrations and the first-start seed, then exit. */
import { databaseTarget, EnvError, parseEnv } from '../lib/env-schema';
import { connect } from '../lib/db/connect.server';
import { migrateToLatest } from '../lib/db/migrate.server';
import { seedIfEmpty } from '../lib/db/seed.server';
import { loadDotEnv } from './load-env';

loadDotEnv(process.cwd());
try {
  const env = parseEnv(process.env);
  const db = connect(databaseTarget(env.DATABASE_URL));
  try {
    const applied = await migrateToLatest(db);
    const seeded = await seedIfEmpty(db);
    process.stdout.write(
      `${applied.length ? `Applied ${applied.join(', ')}` : 'Database schema is up to date'}${seeded ? '; seeded default content' : ''}.\n`,
    );
  } finally {
    await db.destroy();
  }
} catch (error) {
  process.stderr.write(`${error instanceof EnvError ? error.message : String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
}

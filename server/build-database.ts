/**
 * `node server-build/build-database.js PATH`, run by server/build.mjs before `next build`: makes the
 * throw-away SQLite database the build prerenders pages from (this release's schema and default
 * content, as a new site's), never the real one (lib/db/index.server.ts).
 */
import { migrateDatabase } from './database';

const path = process.argv[2];
if (!path) {
  process.stderr.write('Usage: node server-build/build-database.js PATH\n');
  process.exit(2);
}
await migrateDatabase(`file:${path}`);

/**
 * The server: `npm start` and `npm run dev` both run this file, compiled with everything it imports
 * into server-build/index.js (server/build.mjs), so production runs on plain `node`. It reads the
 * configuration, migrates the database, starts Next.js in this process (in development mode with
 * `--dev`) and serves it: see ./serve.ts for the start-up and ./handler.ts for the path of a request.
 */
import { fileURLToPath } from 'node:url';
import { checkSecretKey, readConfig } from './config';

const dev = process.argv.includes('--dev');
// Before anything loads React or Next: they choose their build by it.
Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });
const root = fileURLToPath(new URL('..', import.meta.url));
const env = readConfig(root);
checkSecretKey(env);

// Imported only now: the app's modules read the environment (lib/env.server.ts) when loaded.
const { serve } = await import('./serve');
await serve({ root, dev, env });

import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import next from 'next';
import type { Env } from '../lib/env-schema';
import { onTagsExpired } from '../lib/cache/expiry-listeners';
import { closeDb } from '../lib/db/index.server';
import { logger } from '../lib/log.server';
import { stopOutboxWorker } from '../lib/notifications/process-worker.server';
import { markLaunchedByServer } from '../lib/runtime/launched-by-server';
import { failStart } from './config';
import { gracefulStop } from './graceful-stop';
import { migrateDatabase } from './database';
import { createHandler } from './handler';
import { MicroCache } from './pipeline/micro-cache';
import { runStartupRoute } from './startup';

/**
 * Starts the site: migrate, start Next, listen, then admit visitors once the start-up route has
 * expired every page cached at build time (requests arriving earlier wait; ADR 001), and stop
 * gracefully on SIGTERM or SIGINT.
 */
export async function serve({ root, dev, env }: { root: string; dev: boolean; env: Env }): Promise<void> {
  markLaunchedByServer();
  const migrated = await migrateDatabase(env.DATABASE_URL).catch((error: unknown) =>
    failStart(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  if (migrated.applied.length || migrated.seeded) logger.info(migrated, 'Database migrated');

  const app = next({ dev, dir: root, port: env.PORT });
  await app.prepare();
  const microCache = new MicroCache();
  onTagsExpired(() => microCache.purge());
  const startupToken = randomBytes(32).toString('hex');
  const { handler, admit } = createHandler({ app: app.getRequestHandler(), microCache, env, startupToken });
  const server = createServer(handler);
  // Requests in flight are answered, the outbox finishes its send, then the database is closed.
  const stop = gracefulStop(server, {
    finish: async () => {
      await Promise.allSettled([app.close(), stopOutboxWorker()]);
      await closeDb();
    },
    log: logger,
  });
  // Next's development server talks to the browser over a WebSocket (hot reload).
  if (dev) server.on('upgrade', app.getUpgradeHandler());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, resolve);
  });

  await runStartupRoute(env.PORT, startupToken).catch((error: unknown) =>
    failStart(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  admit();
  logger.info({ database: env.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@'), dev }, `Serving ${env.SITE_URL} on port ${env.PORT}`);

  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

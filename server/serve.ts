import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import next from 'next';
import type { Env } from '../lib/env-schema';
import { announceTagsExpired, onTagsExpired } from '../lib/cache/expiry-listeners';
import type { CacheTagName } from '../lib/cache/tags';
import { closeDb } from '../lib/db/index.server';
import { logger } from '../lib/log.server';
import { SCRYPT_PARAMS } from '../lib/auth/password.server';
import { stopOutboxWorker } from '../lib/notifications/process-worker.server';
import { ensureRetentionJob, stopRetentionJob } from '../lib/retention/process-job.server';
import { inFlightRequests } from '../lib/runtime/in-flight-requests';
import { markLaunchedByServer } from '../lib/runtime/launched-by-server';
import { failStart } from './config';
import { gracefulStop } from './graceful-stop';
import { migrateDatabase } from './database';
import { createHandler } from './handler';
import { ownOrigin } from '../lib/http/own-origin';
import { MicroCache } from './pipeline/micro-cache';
import { startCacheSync } from './cache-sync';
import { internalCaller } from './internal-calls';
import { loadCollector } from './vitals/collector-asset';
import { loadLiveScripts } from './calculators/live-scripts';
import { BOOT_SCRIPT_FILE, loadBootScript } from './deferred-boot/boot-script';
import { publishCollectorUrl } from '../lib/vitals/collector-url';
import { publishLiveScriptUrls } from '../lib/calculators/live/script-urls';

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
  if (env.PASSWORD_SCRYPT_LOG2N < SCRYPT_PARAMS.log2N)
    logger.warn(
      { event: 'auth.weak_password_hashing', log2N: env.PASSWORD_SCRYPT_LOG2N },
      `PASSWORD_SCRYPT_LOG2N=${env.PASSWORD_SCRYPT_LOG2N} is below OWASP's ${SCRYPT_PARAMS.log2N}: new passwords are hashed for a test server, not for the Internet`,
    );

  // Published before Next renders anything: public pages load the collector by this URL.
  const collector = loadCollector(root);
  if (!collector) logger.warn('No Web Vitals collector in server-build/: public pages are served without it');
  publishCollectorUrl(collector?.path ?? null);
  // Likewise the calculator pages' live scripts (ADR 039).
  const liveScripts = loadLiveScripts(root);
  if (Object.keys(liveScripts.urls).length === 0)
    logger.warn('No calculator live scripts in server-build/: calculator pages compute on the server only');
  publishLiveScriptUrls(liveScripts.urls);
  const boot = loadBootScript(root);
  if (!boot) logger.warn(`No boot script in ${BOOT_SCRIPT_FILE}: public pages are served with Next's scripts at load`);

  const app = next({ dev, dir: root, port: env.PORT });
  await app.prepare();
  const microCache = new MicroCache();
  onTagsExpired(() => microCache.purge());
  const serverToken = randomBytes(32).toString('hex');
  const { handler, admit } = createHandler({
    app: app.getRequestHandler(),
    microCache,
    env,
    serverToken,
    collector,
    liveScripts,
    boot,
    dev,
  });
  const server = createServer(handler);
  // A client that asks before sending its body (Expect: 100-continue) hears the body limits first
  // (server/body-gate.ts): the 100 goes out only once the head has passed them.
  server.on('checkContinue', handler);
  // What runs once the requests in flight are answered: the outbox finishes its send, the retention
  // job its batch, the cache sync stops (once started), then the database is closed.
  const stopping: (() => Promise<unknown>)[] = [() => app.close(), stopOutboxWorker, stopRetentionJob];
  const stop = gracefulStop(server, {
    finish: async () => {
      await Promise.allSettled(stopping.map((stopOne) => stopOne()));
      await closeDb();
    },
    log: logger,
    upgrades: dev,
  });
  // Next's development server talks to the browser over a WebSocket (hot reload).
  if (dev) server.on('upgrade', app.getUpgradeHandler());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, resolve);
  });

  const callInternal = internalCaller(ownOrigin(env), serverToken);
  await callInternal('startup').catch((error: unknown) =>
    failStart(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  // Another instance expired tags: expire them here, and once more after the renders in flight
  // (they may store a page made from the old data), as the writer does (lib/cache/expire.server.ts).
  const expireHere = async (tags: string[]) => {
    for (let round = 0; round < 2; round++) {
      if (round === 1) await inFlightRequests().settled(null);
      announceTagsExpired(tags as CacheTagName[]);
      await callInternal('expire', { tags });
    }
  };
  const cacheSync = startCacheSync({ databaseUrl: env.DATABASE_URL, expire: expireHere });
  stopping.push(() => cacheSync.stop());
  // Started here rather than by the start-up route: no route handler reaches the activity log's purge.
  ensureRetentionJob();
  admit();
  logger.info(
    { database: env.DATABASE_URL.replace(/\/\/[^@]*@/, '//***@'), dev },
    `Serving ${env.SITE_URL} on ${env.HOST ?? 'every interface'}, port ${env.PORT}`,
  );

  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

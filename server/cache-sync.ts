import pg from 'pg';
import { databaseTarget } from '../lib/env-schema';
import { getDb } from '../lib/db/index.server';
import {
  CACHE_TAGS_CHANNEL,
  instanceId,
  readTagVersions,
  seenTagVersions,
  type TagExpiry,
} from '../lib/cache/tag-versions.server';
import { logger } from '../lib/log.server';

/**
 * Keeps this instance's caches in step with the other instances on one PostgreSQL database
 * (ADR 014). An admin write on any instance bumps its tags' versions in `cache_tags` and sends a
 * NOTIFY (lib/cache/tag-versions.server.ts). Here:
 *
 * - a LISTEN connection of its own hears each NOTIFY at once and expires the tags it names;
 * - at most once a second the versions are read, and any tag whose version grew without a NOTIFY
 *   heard (the connection was down, the instance was busy starting) is expired too;
 * - the connection reconnects by itself, 1 s after a failure, doubling up to 30 s.
 *
 * With SQLite there is one process and nothing to do.
 */

const CHECK_MS = 1000;
const MAX_RETRY_MS = 30_000;

export interface CacheSync {
  stop(): Promise<void>;
}

export function startCacheSync(options: {
  databaseUrl: string;
  /** Expires the tags in this instance: Next's caches and the micro-cache. */
  expire: (tags: string[]) => Promise<void>;
}): CacheSync {
  const target = databaseTarget(options.databaseUrl);
  if (target.kind !== 'postgres') return { stop: async () => undefined };
  const seen = seenTagVersions();
  let stopped = false;
  let client: pg.Client | null = null;
  let retryMs = 1000;
  let retryTimer: NodeJS.Timeout | undefined;

  /** Expires the tags whose version is newer than the one this instance has seen. */
  const catchUp = (versions: Iterable<[string, number]>, { own = false } = {}) => {
    const changed: string[] = [];
    for (const [tag, version] of versions) {
      if (version <= (seen.get(tag) ?? 0)) continue;
      seen.set(tag, version);
      changed.push(tag);
    }
    if (changed.length === 0 || own) return;
    options
      .expire(changed)
      .catch((error: unknown) =>
        logger.error({ event: 'cache.expire_failed', tags: changed, err: error }, 'Cache tags could not be expired here'),
      );
  };

  let checking = false;
  const check = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      catchUp(await readTagVersions(await getDb()));
    } catch (error) {
      logger.warn({ event: 'cache.check_failed', err: error }, 'Cache tag versions could not be read');
    } finally {
      checking = false;
    }
  };

  /**
   * Lets go of a connection. Its 'error' listener is replaced, never just removed: the socket can
   * still fail while it closes (PostgreSQL ending the session with a FATAL message, a reset), and
   * an 'error' event without a listener would crash the process.
   */
  const retire = (connection: pg.Client | null): Promise<void> => {
    if (!connection) return Promise.resolve();
    connection.removeAllListeners();
    connection.on('error', (error) =>
      logger.info({ event: 'cache.listen_closed_with_error', err: error }, 'Cache sync connection failed while closing'),
    );
    return connection.end().catch(() => undefined);
  };

  const reconnect = () => {
    if (stopped || retryTimer) return;
    void retire(client);
    client = null;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const listen = async () => {
    const connection = new pg.Client({ connectionString: target.url });
    client = connection;
    connection.on('error', (error) => {
      logger.warn({ event: 'cache.listen_lost', err: error }, 'Cache sync connection lost: reconnecting');
      reconnect();
    });
    connection.on('end', () => reconnect());
    connection.on('notification', (message) => {
      if (message.channel !== CACHE_TAGS_CHANNEL || !message.payload) return;
      try {
        const expiry = JSON.parse(message.payload) as TagExpiry;
        // This instance's own writes were expired here by the writer (lib/cache/expire.server.ts).
        catchUp(Object.entries(expiry.versions), { own: expiry.origin === instanceId() });
      } catch (error) {
        logger.warn({ event: 'cache.bad_notification', err: error }, 'Unreadable cache notification ignored');
      }
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CACHE_TAGS_CHANNEL}`);
      retryMs = 1000;
      // Whatever was announced while not listening.
      await check();
    } catch (error) {
      logger.warn({ event: 'cache.listen_failed', err: error }, 'Cache sync could not listen: retrying');
      reconnect();
    }
  };

  // The versions as they are now: start-up has just expired every tag in this instance.
  const ready = getDb()
    .then(readTagVersions)
    .catch(() => new Map<string, number>())
    .then((versions) => {
      for (const [tag, version] of versions) seen.set(tag, Math.max(version, seen.get(tag) ?? 0));
    });
  void ready.then(listen);
  const timer = setInterval(() => void check(), CHECK_MS);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(retryTimer);
      const connection = client;
      client = null;
      await retire(connection);
    },
  };
}

import 'server-only';
import { sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/connect.server';
import { engineOf } from '../db/engine';
import type { Channel } from './types';

/**
 * Waking the outbox workers of every instance on one PostgreSQL. A writer wakes its own process's
 * worker directly, but that worker may be stopping (a rolling restart stores leads until the last
 * request is answered) or busy, and the others would otherwise find the notification only at
 * their next poll, up to a minute later. So whatever makes a notification due also NOTIFYs, and
 * every instance LISTENs on a connection of its own and wakes its worker.
 *
 * NOTIFY is transactional: the signal goes out when the writer's transaction commits, never for a
 * rollback, and a listener that lost its connection looks for due work as soon as it is back, so
 * nothing is missed. SQLite serves one process, whose worker the writer wakes itself.
 */

export const DUE_CHANNEL = 'clp_notifications_due';

/** What a listener is told on (re)connecting: anything may have become due while it was away. */
export const ANY_CHANNEL = '*';

/** Signals, when the caller's transaction commits (at once outside one), that `channel` has due notifications. */
export async function announceDue(db: DB, channel: Channel | typeof ANY_CHANNEL): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`select pg_notify(${DUE_CHANNEL}, ${channel})`.execute(db);
}

export interface DueListener {
  stop(): Promise<void>;
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * Listens on a dedicated connection (one per process, whatever the number of channels) for
 * announceDue, calling `onDue` with the channel announced (ANY_CHANNEL: any may be); reconnects by
 * itself (0.5 s, doubling up to 30 s) and calls `onDue(ANY_CHANNEL)` on every connect too.
 */
export function listenForDue(
  url: string,
  onDue: (channel: Channel | typeof ANY_CHANNEL) => void,
  log: { info: (data: object, message: string) => void; warn: (data: object, message: string) => void },
): DueListener {
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_FIRST_MS;
  let stopped = false;

  function lost(lostClient: pg.Client, error: unknown): void {
    // 'error' and 'end' may both report one loss; a client already replaced is old news.
    if (client !== lostClient || stopped) return;
    client = undefined;
    lostClient.removeAllListeners('notification');
    void lostClient.end().catch(() => undefined);
    log.warn(
      { event: 'notification.listen_lost', err: error, retryInMs: delay },
      'Lost the connection that hears of due notifications: reconnecting',
    );
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    // TCP keep-alive notices a connection that died silently (a network cut) within a minute or so.
    const next = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('connection ended')));
    next.on('notification', ({ payload }) => {
      if (payload) onDue(payload as Channel | typeof ANY_CHANNEL);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${DUE_CHANNEL}`);
    } catch (error) {
      return lost(next, error);
    }
    if (stopped) return void (await next.end().catch(() => undefined));
    if (delay > RECONNECT_FIRST_MS) log.info({ event: 'notification.listen_restored' }, 'Listening for due notifications again');
    delay = RECONNECT_FIRST_MS;
    onDue(ANY_CHANNEL);
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

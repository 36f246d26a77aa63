import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The server's graceful stop (SIGTERM from a process manager or a rolling restart, SIGINT from a
 * terminal): stop listening, answer every request already received, let the outbox finish the
 * notification it is sending, close the database, exit; within STOP_BUDGET_MS whatever happens.
 *
 * `server.close()` alone is not enough: it only stops accepting connections, and a client on a
 * keep-alive connection (a browser, a load balancer, a load test) may go on sending requests over
 * it, each answer renewing it, until the process is killed with requests in flight. So once
 * stopping, every answer not yet begun says `Connection: close`, and each connection is closed as
 * soon as it falls idle.
 */

/** A process manager waits 10 s before it kills (Docker, systemd's default is longer): stop well within that. */
export const STOP_BUDGET_MS = 9_000;

export interface StopLog {
  info: (data: object, message: string) => void;
  warn: (data: object, message: string) => void;
}

/**
 * Prepares `server` for a graceful stop and returns the function that performs it: `finish` runs
 * once the last connection has closed (stop the outbox worker, close the database), then the
 * process exits. Call it before the server handles its first request.
 */
export function gracefulStop(server: Server, options: { finish: () => Promise<void>; log: StopLog; upgrades?: boolean }) {
  const { finish, log } = options;
  const unanswered = new Set<ServerResponse>();
  let stopping = false;

  // Ahead of the request handler, which may answer at once (the micro-cache).
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    unanswered.add(res);
    res.once('close', () => {
      unanswered.delete(res);
      // The connection becomes idle once its answer is out, which closeIdleConnections then ends.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });

  // Upgraded connections (the development server's hot-reload WebSocket) never fall idle: they
  // are closed when stopping, and the browser simply reconnects to the next server. Only where
  // upgrades are served: a listener makes Node hand the socket over instead of closing it.
  const upgraded = new Set<Duplex>();
  if (options.upgrades)
    server.on('upgrade', (_req: IncomingMessage, socket: Duplex) => {
      upgraded.add(socket);
      socket.once('close', () => upgraded.delete(socket));
    });

  return function stop(signal: NodeJS.Signals): void {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    log.info({ event: 'server.stopping', signal, requests: unanswered.size }, `Stopping (${signal})`);
    setTimeout(() => {
      log.warn(
        { event: 'server.stop_timeout', requests: unanswered.size, budgetMs: STOP_BUDGET_MS },
        'Stop took too long: exiting with requests or a notification unfinished',
      );
      process.exit(1);
    }, STOP_BUDGET_MS).unref();

    for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
    server.close(() => {
      void finish()
        .catch((error: unknown) => log.warn({ event: 'server.stop_failed', err: error }, 'Stopping failed'))
        .finally(() => {
          log.info({ event: 'server.stopped', ms: Date.now() - started }, 'Stopped');
          process.exit(0);
        });
    });
    server.closeIdleConnections();
    for (const socket of upgraded) socket.destroy();
  };
}

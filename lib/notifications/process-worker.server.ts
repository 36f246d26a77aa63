import 'server-only';
import { getDb } from '../db/index.server';
import { databaseTarget } from '../env-schema';
import { env } from '../env.server';
import { logger } from '../log.server';
import { listenForDue } from './due-signal.server';
import { transportFromEnv } from './transports/index.server';
import { existingProcessSingleton, processSingleton } from '../runtime/process-singleton';
import { createOutboxWorker, type OutboxWorker } from './worker.server';

/**
 * The process's one outbox worker (lib/runtime/process-singleton.ts: Next may load this module in
 * more than one server layer, the start-up route and the Server Actions, which must share one
 * worker). Started by the start-up route, which the server runs before admitting visitors, and
 * stopped by the server's graceful stop; never during `next build`, which neither calls the route
 * nor stores leads. On PostgreSQL it is also woken by the other instances' writes
 * (./due-signal.server.ts).
 */
const WORKER = 'notifications.worker';
const worker = () =>
  processSingleton<OutboxWorker | null>(WORKER, () => {
    const transport = transportFromEnv(env);
    if (!transport) {
      logger.warn(
        { event: 'notification.no_transport' },
        'No mail transport configured (SMTP_URL or EMAILJS_*): notifications wait in the outbox',
      );
      return null;
    }
    logger.info({ event: 'notification.outbox_started', transport: transport.name }, 'Notification worker started');
    const target = databaseTarget(env.DATABASE_URL);
    return createOutboxWorker({
      db: getDb,
      transport,
      log: logger,
      subscribe: target.kind === 'postgres' ? (wake) => listenForDue(target.url, transport.channel, wake, logger) : undefined,
    });
  });

export function ensureOutboxWorker(): OutboxWorker | null {
  if (process.env.NEXT_PHASE === 'phase-production-build') return null;
  return worker();
}

/** Claims nothing more, waits for a send in progress and stops the worker (the server's graceful stop). */
export async function stopOutboxWorker(): Promise<void> {
  await existingProcessSingleton<OutboxWorker | null>(WORKER)?.stop();
}

/** A notification was added (a lead stored, a payment recorded): deliver it now rather than at the next poll. */
export function wakeOutbox(): void {
  ensureOutboxWorker()?.wake();
}

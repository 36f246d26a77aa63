import 'server-only';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { logger } from '../log.server';
import { transportFromEnv } from './transports/index.server';
import { createOutboxWorker, type OutboxWorker } from './worker.server';

/**
 * The process's one outbox worker. Kept on globalThis because Next may load this module in more
 * than one server bundle (the start-up route, the Server Actions), which must share one worker.
 * Started by the start-up route (scripts/start.ts) and, failing that, by the first notification
 * added (`next dev`); never during `next build`, which neither calls the route nor stores leads.
 */

const KEY = Symbol.for('clp.outboxWorker');
type Holder = { [KEY]?: OutboxWorker | null };
const holder = globalThis as Holder;

export function ensureOutboxWorker(): OutboxWorker | null {
  if (holder[KEY] !== undefined) return holder[KEY];
  if (process.env.NEXT_PHASE === 'phase-production-build') return null;
  const transport = transportFromEnv(env);
  if (!transport) {
    logger.warn(
      { event: 'notification.no_transport' },
      'No mail transport configured (SMTP_URL or EMAILJS_*): notifications wait in the outbox',
    );
    holder[KEY] = null;
    return null;
  }
  const worker = createOutboxWorker({ db: getDb, transport, log: logger });
  holder[KEY] = worker;
  logger.info({ event: 'notification.outbox_started', transport: transport.name }, 'Notification worker started');
  const stop = () => void worker.stop();
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return worker;
}

/** A notification was added (a lead stored, a payment recorded): deliver it now rather than at the next poll. */
export function wakeOutbox(): void {
  ensureOutboxWorker()?.wake();
}

import 'server-only';
import { getDb } from '../db/index.server';
import { databaseTarget } from '../env-schema';
import { env } from '../env.server';
import { logger } from '../log.server';
import { existingProcessSingleton, processSingleton } from '../runtime/process-singleton';
import { serverSources } from '../settings/sources.server';
import { ANY_CHANNEL, listenForDue, type DueListener } from './due-signal.server';
import { LANES } from './lanes';
import { transportForChannel } from './transports/index.server';
import type { Channel } from './types';
import { createLaneWorkers, type OutboxWorker } from './worker.server';

/**
 * The process's outbox workers, one per lane (./lanes.ts: the broker's e-mail apart from the
 * visitors', SMS, push, webhooks; e-mail and texts wait while no transport is set up), kept once
 * per process (lib/runtime/process-singleton.ts: Next may load this module in more than one
 * server layer, the start-up route and the Server Actions, which must share them). Started by the
 * start-up route, which the server runs before admitting visitors, and stopped by the server's
 * graceful stop; never during `next build`, which neither calls the route nor stores leads. On
 * PostgreSQL one listening connection wakes them on the other instances' writes
 * (./due-signal.server.ts).
 */
interface ProcessWorkers {
  workers: { channel: Channel; worker: OutboxWorker }[];
  listener: DueListener | null;
}

const WORKERS = 'notifications.workers';
const workers = () =>
  processSingleton<ProcessWorkers>(WORKERS, () => {
    const lanes = createLaneWorkers({
      db: getDb,
      lanes: LANES,
      transportFor: (channel) => transportForChannel(serverSources(), getDb, channel),
      log: logger,
    });
    const started = lanes.map(({ lane, worker }) => {
      // E-mail and texts follow the settings in effect at each send (the environment's or the
      // admin's): their transport is named in each attempt, not here.
      logger.info(
        { event: 'notification.outbox_started', channel: lane.channel, lane: lane.name },
        'Notification worker started',
      );
      return { channel: lane.channel, worker };
    });
    const target = databaseTarget(env.DATABASE_URL);
    const listener =
      target.kind === 'postgres' && started.length > 0
        ? listenForDue(
            target.url,
            (channel) => {
              for (const w of started) if (channel === ANY_CHANNEL || channel === w.channel) w.worker.wake();
            },
            logger,
          )
        : null;
    return { workers: started, listener };
  });

export function ensureOutboxWorker(): void {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  workers();
}

/** Whether this process has started its outbox workers (the start-up route does, before visitors). */
export const outboxWorkersStarted = (): boolean => existingProcessSingleton<ProcessWorkers>(WORKERS) !== undefined;

/** Claims nothing more, waits for the sends in progress and stops the workers (the server's graceful stop). */
export async function stopOutboxWorker(): Promise<void> {
  const running = existingProcessSingleton<ProcessWorkers>(WORKERS);
  if (!running) return;
  await Promise.all([...running.workers.map((w) => w.worker.stop()), running.listener?.stop()]);
}

/**
 * A notification was added (a lead stored, a payment recorded): deliver it now rather than at the
 * next poll. Given the channels that have something new, only their lanes look: each lane's look is
 * a few queries, and a lead is mostly e-mail.
 */
export function wakeOutbox(channels?: ReadonlySet<Channel>): void {
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  for (const w of workers().workers) if (!channels || channels.has(w.channel)) w.worker.wake();
}

import 'server-only';
import type { DB } from '../db/connect.server';
import { deliverDue, nextDueAt, type OutboxLog } from './delivery.server';
import type { Lane } from './lanes';
import type { AnyTransport } from './transports/types';

/**
 * The outbox worker: one per server process and lane (./lanes.ts; without a lane, the whole of
 * its transport's channel, one at a time). It runs when a notification is added (wake: by this
 * process, or by another instance through ./due-signal.server.ts), when the next retry falls
 * due, and at least every POLL_MS (a claim whose sender died runs out unannounced). Timers are
 * unref'd so they never keep a stopping process alive; stop() claims nothing more and waits for
 * the sends in progress.
 */

export const POLL_MS = 60_000;

export interface OutboxWorker {
  wake(): void;
  stop(): Promise<void>;
}

export function createOutboxWorker(options: {
  db: () => Promise<DB>;
  transport: AnyTransport;
  log: OutboxLog & { error: (data: object, message: string) => void };
  /** Which of the channel's notifications, and how many at once; all, one at a time, when absent. */
  lane?: Pick<Lane, 'recipients' | 'concurrency'>;
  pollMs?: number;
  /** Wakes the worker on other instances' writes (./due-signal.server.ts); stopped with it. */
  subscribe?: (wake: () => void) => { stop(): Promise<void> };
}): OutboxWorker {
  const pollMs = options.pollMs ?? POLL_MS;
  const recipients = options.lane?.recipients;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, Math.min(delay, pollMs)));
    timer.unref();
  };

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      let delay = pollMs;
      try {
        const db = await options.db();
        // A transport without settings yet (mail not set up) sends nothing: the notifications wait,
        // and the next poll, or the wake that saving settings sends, looks again.
        if (!options.transport.ready || (await options.transport.ready())) {
          do {
            again = false;
            await deliverDue(db, options.transport, options.log, undefined, {
              stopped: () => stopped,
              recipients,
              concurrency: options.lane?.concurrency,
            });
          } while (again && !stopped);
          const next = await nextDueAt(db, options.transport.channel, recipients);
          if (next) delay = next.getTime() - Date.now();
        }
      } catch (error) {
        options.log.error({ event: 'notification.outbox_error', err: error }, 'Notification outbox run failed');
      } finally {
        running = undefined;
        schedule(delay);
      }
    })();
  }

  schedule(0);
  const subscription = options.subscribe?.(() => schedule(0));
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([running, subscription?.stop()]);
      options.transport.close?.();
    },
  };
}

/**
 * One worker per lane whose channel has a transport (`transportFor` makes a new one per lane, so
 * each lane has its own connection): what a process runs (./process-worker.server.ts).
 */
export function createLaneWorkers(options: {
  db: () => Promise<DB>;
  lanes: readonly Lane[];
  transportFor: (channel: Lane['channel']) => AnyTransport | null;
  log: OutboxLog & { error: (data: object, message: string) => void };
  pollMs?: number;
}): { lane: Lane; transport: AnyTransport; worker: OutboxWorker }[] {
  return options.lanes.flatMap((lane) => {
    const transport = options.transportFor(lane.channel);
    if (!transport) return [];
    const worker = createOutboxWorker({ db: options.db, transport, lane, log: options.log, pollMs: options.pollMs });
    return [{ lane, transport, worker }];
  });
}

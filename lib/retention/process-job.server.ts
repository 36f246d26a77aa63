import 'server-only';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { logger } from '../log.server';
import { existingProcessSingleton, processSingleton } from '../runtime/process-singleton';
import { queueDailyDigests } from '../leads/pipeline/digest.server';
import { queueDueReminders } from '../loan-files/reminders.server';
import { wakeOutbox } from '../notifications/process-worker.server';
import { effectiveSiteUrl } from '../settings/effective.server';
import { serverSources } from '../settings/sources.server';
import { runDailyRetention } from './daily-job.server';

/**
 * The process's one retention scheduler (lib/runtime/process-singleton.ts, as the outbox worker):
 * started and stopped by the server itself (server/serve.ts), so no route handler or Server Action
 * reaches the deletions it makes, and never during `next build`.
 * It checks at start and then every hour; the day's claim in the database
 * (./daily-claim.server.ts) makes one check a day, on one instance, do the work. The daily
 * follow-up digest (lib/leads/pipeline/digest.server.ts) rides the same checks with its own claim,
 * and so do the loan files' reminders (lib/loan-files/reminders.server.ts), which are due by the
 * hour in the borrower's zone and claim each reminder on its file.
 */

export const CHECK_EVERY_MS = 60 * 60_000;

export interface RetentionJob {
  stop(): Promise<void>;
}

const JOB = 'retention.job';

function startJob(): RetentionJob {
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    running = (async () => {
      try {
        const run = await runDailyRetention(await getDb(), {
          now: new Date(),
          activityLogMonths: env.ACTIVITY_LOG_RETENTION_MONTHS,
          stopped: () => stopped,
        });
        if (run.ran) logger.info({ event: 'retention.purged', finished: run.finished, ...run.counts }, 'Daily retention job ran');
      } catch (error) {
        logger.error({ event: 'retention.failed', err: error }, 'Daily retention job failed: it runs again at the next check');
      }
      try {
        if (!stopped) {
          const db = await getDb();
          const digests = await queueDailyDigests(db, { now: new Date(), siteUrl: await effectiveSiteUrl(db, serverSources()) });
          if (digests.ran) logger.info({ event: 'digest.queued', queued: digests.queued }, 'Daily follow-up digests queued');
        }
      } catch (error) {
        logger.error({ event: 'digest.failed', err: error }, 'Daily follow-up digest failed: it runs again at the next check');
      }
      try {
        if (!stopped) {
          const db = await getDb();
          const reminders = await queueDueReminders(db, new Date(), { siteUrl: await effectiveSiteUrl(db, serverSources()) });
          if (reminders.queued > 0) {
            logger.info({ event: 'loan_file_reminders.queued', queued: reminders.queued }, 'Loan file reminders queued');
            wakeOutbox();
          }
        }
      } catch (error) {
        logger.error(
          { event: 'loan_file_reminders.failed', err: error },
          'Loan file reminders failed: they run again at the next check',
        );
      } finally {
        running = undefined;
        if (!stopped) {
          timer = setTimeout(check, CHECK_EVERY_MS);
          timer.unref();
        }
      }
    })();
  };

  check();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export function ensureRetentionJob(): RetentionJob | null {
  if (process.env.NEXT_PHASE === 'phase-production-build') return null;
  return processSingleton(JOB, startJob);
}

/** Stops checking and waits for a run in progress, which stops between two batches (the graceful stop). */
export async function stopRetentionJob(): Promise<void> {
  await existingProcessSingleton<RetentionJob>(JOB)?.stop();
}

import 'server-only';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { logger } from '../log.server';
import { wakeOutbox } from '../notifications/process-worker.server';
import type { LeadKind, LeadResult } from './fields';
import { submitLead } from './submit.server';

/**
 * One lead submission with the server's own settings, database and logger, whichever way it
 * arrived: a form's Server Action (no JavaScript) or the lead endpoint (./lead-post.server.ts).
 * Free of Next's request APIs, so the start script's lead endpoint can call it too.
 */
export async function submitFromServer(
  kind: LeadKind,
  values: Record<string, string>,
  sender: { clientAddress: string; userAgent: string },
): Promise<LeadResult> {
  const result = await submitLead(kind, values, {
    db: getDb,
    clientAddress: sender.clientAddress,
    userAgent: sender.userAgent,
    spam: {
      minFillSeconds: env.SPAM_MIN_FILL_SECONDS,
      rateLimit: env.LEAD_RATE_LIMIT,
      windowMinutes: env.LEAD_RATE_WINDOW_MINUTES,
    },
    log: logger,
  });
  if (result?.ok) wakeOutbox();
  return result;
}

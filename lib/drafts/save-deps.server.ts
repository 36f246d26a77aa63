import 'server-only';
import { getDb } from '../db/index.server';
import { env } from '../env.server';
import { logger } from '../log.server';
import { wakeOutbox } from '../notifications/process-worker.server';
import { effectiveSiteUrl } from '../settings/effective.server';
import { serverSources } from '../settings/sources.server';
import type { DraftLimits } from './drafts.server';
import type { SaveDeps } from './save-request.server';

/** The limits of 'Save and finish later' from the configuration. */
export function draftLimits(): DraftLimits {
  return {
    // The lead forms' per-address limit: each new draft sends an e-mail to the address typed.
    perAddress: env.LEAD_RATE_LIMIT,
    windowMinutes: env.LEAD_RATE_WINDOW_MINUTES,
    mailsPerDraft: env.DRAFT_MAILS_PER_DRAFT,
    mailsPerRecipient: env.DRAFT_MAILS_PER_RECIPIENT,
    mailsPerDay: env.DRAFT_MAILS_PER_DAY,
  };
}

/** What a save needs from the server, for a request from `clientAddress`. */
export function serverSaveDeps(clientAddress: string): SaveDeps {
  return {
    db: getDb,
    siteUrl: env.SITE_URL,
    linkSiteUrl: (db) => effectiveSiteUrl(db, serverSources()),
    clientAddress,
    limits: draftLimits(),
    now: () => new Date(),
    wake: wakeOutbox,
    log: logger,
  };
}

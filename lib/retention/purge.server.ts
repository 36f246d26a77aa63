import 'server-only';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { purgeActivityLog } from '../activity/retention.server';
import { purgeArchiveVersions } from '../archive/retention.server';
import type { DB } from '../db/connect.server';
import { logger } from '../log.server';
import type { Database } from '../db/schema';
import { deleteOrphanedDocumentObjects, deleteUnfinishedDocuments } from '../documents/store.server';
import { purgeExpiredDrafts } from '../drafts/drafts.server';
import { purgeExpiredPortalAccess } from '../loan-files/portal-auth.server';
import { deleteLeadsById, deleteNotificationsById, ID_CHUNK, scrubDeletedText } from './erase.server';
import { PURGEABLE_SPAM_REASONS } from '../leads/spam';
import { daysBefore, monthsBefore } from '../time/calendar';
import { DIGEST_DAYS, INVITE_DAYS, SIGN_IN_ATTEMPT_DAYS, SPAM_DAYS, UNFINISHED_UPLOAD_DAYS } from './policy';

/**
 * What the daily job deletes (./daily-job.server.ts decides when): leads past the owner's
 * retention after their last activity and their loan file's last change, spam 30 days after it
 * arrived, each with its notifications and their attempts and its loan file with the file's
 * documents; the daily digests after 30 days (they name leads); the short-lived sign-in state, the
 * portal's included; old invitations; saved application drafts past their 30 days (with their
 * resume e-mails); uploads a crash left unfinished; and activity log entries past theirs. Leads go
 * in batches of their own transactions, so lead submissions never wait long behind the job, and
 * the job can stop between batches when the server stops.
 */

export interface PurgeOptions {
  now: Date;
  /** 'Keep leads for' N months after their last activity (./settings.server.ts). */
  leadMonths: number;
  /** How long the activity log is kept (lib/activity/retention.server.ts). */
  activityLogMonths: number;
  /** Asked between batches: true stops the purge (the server is stopping). */
  stopped?: () => boolean;
}

export interface PurgeCounts {
  leads: number;
  spam: number;
  /** The expired leads' loan files (lib/loan-files/), with their needs lists and milestones. */
  loanFiles: number;
  /** The documents uploaded to those files. */
  documents: number;
  notifications: number;
  notificationAttempts: number;
  authChallenges: number;
  invites: number;
  drafts: number;
  signInAttempts: number;
  /** The portal's sign-in links and sessions past their use. */
  portalAccess: number;
  /** Uploads left 'writing' by a crash (no read returns them). */
  unfinishedDocuments: number;
  activityLog: number;
  /** Ad archive versions past 24 months that no moment of the last 24 months needs (lib/archive/). */
  archiveVersions: number;
}

export const emptyCounts = (): PurgeCounts => ({
  leads: 0,
  spam: 0,
  loanFiles: 0,
  documents: 0,
  notifications: 0,
  notificationAttempts: 0,
  authChallenges: 0,
  invites: 0,
  drafts: 0,
  signInAttempts: 0,
  portalAccess: 0,
  unfinishedDocuments: 0,
  activityLog: 0,
  archiveVersions: 0,
});

export const totalPurged = (counts: PurgeCounts) => Object.values(counts).reduce((sum, n) => sum + n, 0);

type LeadFilter = (eb: ExpressionBuilder<Database, 'leads'>) => Expression<SqlBool>;

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Deletes the leads a filter picks, in batches, adding to `counts`; false when told to stop midway. */
async function purgeLeads(db: DB, expired: LeadFilter, kind: 'leads' | 'spam', counts: PurgeCounts, options: PurgeOptions) {
  for (;;) {
    if (options.stopped?.()) return false;
    const batch = await db.transaction().execute(async (trx) => {
      const ids = (await trx.selectFrom('leads').select('id').where(expired).limit(ID_CHUNK).execute()).map((row) => row.id);
      return deleteLeadsById(trx, ids);
    });
    counts[kind] += batch.leads;
    counts.loanFiles += batch.loanFiles;
    counts.documents += batch.documents;
    counts.notifications += batch.notifications;
    counts.notificationAttempts += batch.attempts;
    if (batch.leads < ID_CHUNK) return true;
  }
}

/**
 * Deletes everything expired at `now`, adding what went to `counts` as it goes (so a caller can
 * report a run that failed midway). Returns false when stopped before the end: run it again.
 */
export async function purgeExpired(db: DB, options: PurgeOptions, counts: PurgeCounts = emptyCounts()): Promise<boolean> {
  const { now } = options;
  const leadCutoff = monthsBefore(now, options.leadMonths).toISOString();
  // Written as an OR rather than COALESCE(last_activity_at, created_at) so the index on
  // last_activity_at serves it; rows from before migration 0011 were backfilled, none is null.
  const inactive: LeadFilter = (eb) =>
    eb.and([
      eb.or([
        eb('last_activity_at', '<', leadCutoff),
        eb.and([eb('last_activity_at', 'is', null), eb('created_at', '<', leadCutoff)]),
      ]),
      // A loan file in use is the lead in use: a build's draws go on long after the application.
      eb.not(
        eb.exists(
          eb
            .selectFrom('loan_files')
            .select('loan_files.id')
            .whereRef('loan_files.lead_id', '=', 'leads.id')
            .where('loan_files.updated_at', '>=', leadCutoff),
        ),
      ),
    ]);
  const spamCutoff = daysBefore(now, SPAM_DAYS).toISOString();
  // Only strong evidence (or the team's own decision) is purged early; anything else in the spam
  // folder is kept like any lead (ADR 030).
  const oldSpam: LeadFilter = (eb) =>
    eb.and([eb('is_spam', '=', 1), eb('spam_reason', 'in', PURGEABLE_SPAM_REASONS), eb('created_at', '<', spamCutoff)]);

  const finished =
    (await purgeLeads(db, inactive, 'leads', counts, options)) && (await purgeLeads(db, oldSpam, 'spam', counts, options));
  if (counts.leads + counts.spam > 0) await scrubDeletedText(db);
  if (!finished) return false;

  const stamp = now.toISOString();
  const inviteCutoff = daysBefore(now, INVITE_DAYS).toISOString();
  counts.authChallenges += deleted(
    await db.deleteFrom('auth_challenges').where('expires_at', '<', stamp).executeTakeFirstOrThrow(),
  );
  counts.invites += deleted(
    await db
      .deleteFrom('invites')
      .where((eb) => eb.or([eb('accepted_at', '<', inviteCutoff), eb('expires_at', '<', inviteCutoff)]))
      .executeTakeFirstOrThrow(),
  );
  counts.drafts += await purgeExpiredDrafts(db, now);
  counts.signInAttempts += deleted(
    await db
      .deleteFrom('sign_in_attempts')
      .where('attempted_at', '<', daysBefore(now, SIGN_IN_ATTEMPT_DAYS).toISOString())
      .executeTakeFirstOrThrow(),
  );
  counts.portalAccess += await purgeExpiredPortalAccess(db, now);
  counts.unfinishedDocuments += await deleteUnfinishedDocuments(db, daysBefore(now, UNFINISHED_UPLOAD_DAYS));
  // With S3-compatible storage: the objects of documents deleted inside a lead's transaction, which
  // could not be deleted before it committed (lib/documents/remove.server.ts); ciphertext whose key
  // went with its row, so a failure here waits for tomorrow's run rather than failing today's.
  await deleteOrphanedDocumentObjects(db).catch((error: unknown) =>
    logger.warn(
      { event: 'retention.orphaned_objects_failed', error: String(error) },
      'Could not sweep orphaned document objects',
    ),
  );
  const digests = await db
    .selectFrom('notifications')
    .select('id')
    .where('subject_type', '=', 'digest')
    .where('created_at', '<', daysBefore(now, DIGEST_DAYS).toISOString())
    .execute();
  const erased = await db.transaction().execute((trx) =>
    deleteNotificationsById(
      trx,
      digests.map((row) => row.id),
    ),
  );
  counts.notifications += erased.notifications;
  counts.notificationAttempts += erased.attempts;
  counts.activityLog += await purgeActivityLog(db, now, options.activityLogMonths);
  counts.archiveVersions += await purgeArchiveVersions(db, now);
  return true;
}

import 'server-only';
import { hashToken } from '../auth/sessions.server';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';

/**
 * How many resume e-mails 'Save and finish later' may send (issue 27, ADR 029). A draft's e-mail
 * goes to whatever address the visitor typed, and saving again may change it, so without a limit
 * anyone could send mail from the broker's domain to anyone. Each e-mail queued is written down in
 * `draft_resume_mails` in the draft's transaction, and the counts are read there, so every instance
 * on the database sees the same numbers (the save takes a lock first, ./drafts.server.ts).
 */

/** Resume e-mails allowed in any 24 hours. */
export interface ResumeMailLimits {
  /** For one draft, whichever addresses it was sent to. */
  mailsPerDraft: number;
  /** To one address, from any drafts. */
  mailsPerRecipient: number;
  /** In all: a ceiling on what the site sends visitors this way. */
  mailsPerDay: number;
}

/** Which limit kept an e-mail from going out. */
export type MailHeld = 'draft' | 'recipient' | 'daily';

const DAY_MS = 86_400_000;
/** The log is kept a little longer than the day the limits look back over. */
const KEEP_DAYS = 2;

/** Recipients are compared by this: the SHA-256 of the address as stored (trimmed, lower case). */
const recipientKey = (email: string) => hashToken(email);

async function count(trx: DB, since: string, where: { draftId?: string; recipient?: string }): Promise<number> {
  let query = trx
    .selectFrom('draft_resume_mails')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('queued_at', '>', since);
  if (where.draftId) query = query.where('draft_id', '=', where.draftId);
  if (where.recipient) query = query.where('recipient_hash', '=', recipientKey(where.recipient));
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * The limit an e-mail for this draft to this address would pass, or null when it may go. Called
 * with the save's lock held, so no other save counts at the same time.
 */
export async function heldResumeMail(
  trx: DB,
  mail: { draftId?: string; email: string },
  limits: ResumeMailLimits,
  now: Date,
): Promise<MailHeld | null> {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  if (mail.draftId && (await count(trx, since, { draftId: mail.draftId })) >= limits.mailsPerDraft) return 'draft';
  if ((await count(trx, since, { recipient: mail.email })) >= limits.mailsPerRecipient) return 'recipient';
  if ((await count(trx, since, {})) >= limits.mailsPerDay) return 'daily';
  return null;
}

/** Writes down a resume e-mail queued for a draft, in the transaction that queues it. */
export async function recordResumeMail(trx: DB, mail: { draftId: string; email: string }, now: Date): Promise<void> {
  await trx
    .insertInto('draft_resume_mails')
    .values({ id: newId(), draft_id: mail.draftId, recipient_hash: recipientKey(mail.email), queued_at: now.toISOString() })
    .execute();
}

/** The retention job's part: entries older than any limit looks back. */
export async function purgeResumeMailLog(db: DB, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * DAY_MS).toISOString();
  await db.deleteFrom('draft_resume_mails').where('queued_at', '<', cutoff).execute();
}

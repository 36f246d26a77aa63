import 'server-only';
import type { DB } from '../db/connect.server';
import { addNotifications } from '../notifications/outbox.server';
import { VISITOR } from '../notifications/lanes';
import type { NotificationMessage, Subject } from '../notifications/types';
import { signatureOf } from '../officers/signature.server';
import { signedMessage } from './messages';

/**
 * Queues one of a loan file's e-mails (./messages.ts) in the caller's transaction, so the change it
 * tells of and the e-mail commit together. Every one has the file as its subject. They go out in
 * the visitors' lane (recipient 'visitor'): mail to people outside the business never waits in
 * front of the broker's alerts, nor they behind it. Each is signed by the officer the file's lead
 * is assigned to, as it is when written (issue 31: their name and NMLS ID beside the company's).
 */
export async function queueFileMail(
  trx: DB,
  fileId: string,
  payload: NotificationMessage,
  now: Date,
  /** A link's token in the text: sealed at rest, dropped once sent (ADR 028). */
  secret?: string,
): Promise<void> {
  const signed = signedMessage(payload, await signatureOf(trx, await fileOfficer(trx, fileId)));
  await addNotifications(trx, [
    { subject: loanFileSubject(fileId), channel: 'email', recipient: VISITOR, payload: signed, secret, at: now },
  ]);
}

/** The account the file's lead is assigned to; null when none is. */
async function fileOfficer(trx: DB, fileId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('loan_files')
    .innerJoin('leads', 'leads.id', 'loan_files.lead_id')
    .select('leads.assignee_id')
    .where('loan_files.id', '=', fileId)
    .executeTakeFirst();
  return row?.assignee_id ?? null;
}

export const loanFileSubject = (fileId: string) => ({ type: 'loan-file', id: fileId }) as const;

/**
 * What a lead's delivery log lists: the lead's own notifications and the e-mails of the loan file
 * opened from it (reminders, rejections, milestones, links), which the borrower and builder got.
 */
export async function leadLogSubjects(db: DB, leadId: string): Promise<Subject[]> {
  const file = await db.selectFrom('loan_files').select('id').where('lead_id', '=', leadId).executeTakeFirst();
  return [{ type: 'lead', id: leadId }, ...(file ? [loanFileSubject(file.id)] : [])];
}

/** Addresses are kept and compared trimmed and lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

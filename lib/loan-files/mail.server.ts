import 'server-only';
import type { DB } from '../db/connect.server';
import { addNotifications } from '../notifications/outbox.server';
import { VISITOR } from '../notifications/lanes';
import type { NotificationMessage } from '../notifications/types';

/**
 * Queues one of a loan file's e-mails (./messages.ts) in the caller's transaction, so the change it
 * tells of and the e-mail commit together. Every one has the file as its subject. They go out in
 * the visitors' lane (recipient 'visitor'): mail to people outside the business never waits in
 * front of the broker's alerts, nor they behind it.
 */
export async function queueFileMail(
  trx: DB,
  fileId: string,
  payload: NotificationMessage,
  now: Date,
  /** A link's token in the text: sealed at rest, dropped once sent (ADR 028). */
  secret?: string,
): Promise<void> {
  await addNotifications(trx, [
    { subject: loanFileSubject(fileId), channel: 'email', recipient: VISITOR, payload, secret, at: now },
  ]);
}

export const loanFileSubject = (fileId: string) => ({ type: 'loan-file', id: fileId }) as const;

/** Addresses are kept and compared trimmed and lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

import 'server-only';
import { sql } from 'kysely';
import { deleteConsentEvents } from '../consent/person.server';
import type { DB } from '../db/connect.server';
import { editedPayload } from '../notifications/sealed-payload.server';
import { chunks, deleteLeadsById, deleteLoanFilesOf, deleteNotificationsById, scrubDeletedText } from '../retention/erase.server';
import type { PersonCounts } from './counts';
import { redactEmail } from './email-match';
import { countRecords, findPersonRecords, type Mention } from './find.server';

/**
 * 'Delete this person's data': every row of the person's found for the address
 * (./find.server.ts) is deleted, loan files with their documents included, and the address is cut
 * out of other people's rows that name it, in one transaction; then no copy is left in the
 * database's files (../retention/erase.server.ts).
 * `record` runs inside the transaction with the counts (the activity log entry), so the log never
 * tells of a deletion that did not happen.
 */
export async function deletePersonData(
  db: DB,
  email: string,
  record?: (trx: DB, counts: PersonCounts) => Promise<void>,
): Promise<PersonCounts> {
  const counts = await db.transaction().execute(async (trx) => {
    const found = await findPersonRecords(trx, email);
    const counts = countRecords(found);
    for (const part of chunks(found.attemptIds)) await trx.deleteFrom('notification_attempts').where('id', 'in', part).execute();
    await deleteNotificationsById(trx, found.notificationIds);
    // Files go by their leads; one whose borrower is the person may hang from someone else's lead, which stays.
    await deleteLoanFilesOf(trx, found.loanFileLeadIds);
    // As the admin's 'Delete lead' does: with the status history (its lost reasons) and anything left of the above.
    await deleteLeadsById(trx, found.leadIds);
    for (const part of chunks(found.checkoutSessionIds))
      await trx.deleteFrom('payment_events').where('checkout_session_id', 'in', part).execute();
    for (const part of chunks(found.paymentIds)) await trx.deleteFrom('payments').where('id', 'in', part).execute();
    for (const part of chunks(found.inviteIds)) await trx.deleteFrom('invites').where('id', 'in', part).execute();
    for (const part of chunks(found.draftIds)) await trx.deleteFrom('application_drafts').where('id', 'in', part).execute();
    for (const part of chunks(found.challengeIds)) await trx.deleteFrom('auth_challenges').where('id', 'in', part).execute();
    // Withdrawals too: with the person's leads gone there is nothing left to contact them about.
    await deleteConsentEvents(trx, found.consentEventIds);
    for (const mention of found.mentions) await redact(trx, mention, email);
    await record?.(trx, counts);
    return counts;
  });
  await scrubDeletedText(db);
  return counts;
}

/**
 * Replaces the address in the columns of someone else's row that name it (their record stays). A
 * sealed notification payload is opened, cut and sealed again.
 */
async function redact(trx: DB, { table, id, columns }: Mention, email: string): Promise<void> {
  const refs = sql.join(columns.map((c) => sql.ref(c)));
  const row = (await sql<Record<string, string>>`select ${refs} from ${sql.table(table)} where id = ${id}`.execute(trx)).rows[0];
  if (!row) return;
  const cut = (text: string) => redactEmail(text, email);
  const redacted = (c: string) =>
    table === 'notifications' && c === 'payload'
      ? (editedPayload({ id, payload: row[c] ?? '' }, cut) ?? row[c] ?? '')
      : cut(row[c] ?? '');
  const assignments = columns.map((c) => sql`${sql.ref(c)} = ${redacted(c)}`);
  await sql`update ${sql.table(table)} set ${sql.join(assignments)} where id = ${id}`.execute(trx);
}

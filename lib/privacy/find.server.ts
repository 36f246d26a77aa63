import 'server-only';
import { sql, type Expression, type SqlBool } from 'kysely';
import { personConsentEventIds } from '../consent/person.server';
import type { DB } from '../db/connect.server';
import { itemOwner } from '../loan-files/upload-access.server';
import { isSealedPayload, openPayload } from '../notifications/sealed-payload.server';
import { chunks } from '../retention/erase.server';
import type { PersonCounts } from './counts';
import { holdsEmail, likeFragment, likePattern } from './email-match';

/**
 * Everything stored about one person, found by e-mail address (CCPA 'right to know' and 'right
 * to delete'). Their own records: the leads they sent with that address, the loan files opened
 * from those leads or naming them as the borrower (with the documents uploaded to the files'
 * items), their payments and the Stripe events of those, every notification of those or whose
 * e-mail names the address (an invitation sent to it), with its delivery attempts, invitations to
 * the address, applications saved to finish later under it, and their consent given and withdrawn
 * (lib/consent/person.server.ts). Other people's records that only
 * mention the address (a contact message naming a spouse's e-mail, a file naming them as its
 * builder) are theirs: not exported, and on deletion the address is cut out of them (./delete.server.ts).
 * SQL narrows the rows by a fragment of the address; holdsEmail decides (./email-match.ts). Sealed
 * notification payloads are opened to be searched (sealedPayloadsNaming).
 */

export interface PersonRecords {
  leadIds: string[];
  /** The person's loan files (lib/loan-files/). */
  loanFileIds: string[];
  /** The leads those files were opened from: a file is deleted by its lead (lib/retention/erase.server.ts). */
  loanFileLeadIds: string[];
  /** The documents uploaded to those files' items, finished or not. */
  documentIds: string[];
  paymentIds: string[];
  checkoutSessionIds: string[];
  paymentEventIds: string[];
  notificationIds: string[];
  /** The attempts of those notifications. */
  attemptIds: string[];
  inviteIds: string[];
  draftIds: string[];
  challengeIds: string[];
  /** Consent given and withdrawn (lib/consent/): the address's, their leads' phones', their leads'. */
  consentEventIds: string[];
  /** Other people's rows whose text names the address. */
  mentions: Mention[];
}

/** A text column of someone else's row that names the address. */
export interface Mention {
  table: 'leads' | 'notifications' | 'notification_attempts' | 'payments' | 'loan_files';
  id: string;
  columns: string[];
}

export function countRecords(records: PersonRecords): PersonCounts {
  return {
    leads: records.leadIds.length,
    loanFiles: records.loanFileIds.length,
    documents: records.documentIds.length,
    notifications: records.notificationIds.length,
    notificationAttempts: records.attemptIds.length,
    payments: records.paymentIds.length,
    paymentEvents: records.paymentEventIds.length,
    invites: records.inviteIds.length,
    drafts: records.draftIds.length,
    signInSteps: records.challengeIds.length,
    consentEvents: records.consentEventIds.length,
    mentions: records.mentions.length,
  };
}

type Row = Record<string, unknown> & { id: string };

/** Rows of `table` whose `columns` hold the address (narrowed by SQL, decided here), with `extra` columns read too. */
async function rowsNaming(
  db: DB,
  email: string,
  table: Mention['table'] | 'invites' | 'auth_challenges' | 'application_drafts',
  columns: string[],
  extra: string[] = [],
) {
  const fragment = likeFragment(email);
  const like = (column: string) => sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(fragment!)} escape '\\'`;
  const narrowed: Expression<SqlBool> = fragment
    ? sql<SqlBool>`(${sql.join(columns.map(like), sql` or `)})`
    : sql<SqlBool>`1 = 1`;
  const rows = (
    await sql<Row>`select ${sql.join(['id', ...columns, ...extra].map((c) => sql.ref(c)))} from ${sql.table(table)} where ${narrowed}`.execute(
      db,
    )
  ).rows;
  return rows
    .map((row) => ({ id: row.id, columns: columns.filter((c) => holdsEmail(row[c] as string | null, email)), row }))
    .filter((match) => match.columns.length > 0);
}

async function idsWhereIn(ids: string[], query: (part: string[]) => Promise<{ id: string }[]>): Promise<string[]> {
  const found: string[] = [];
  for (const part of chunks(ids)) found.push(...(await query(part)).map((row) => row.id));
  return found;
}

export async function findPersonRecords(db: DB, email: string): Promise<PersonRecords> {
  const mentions: Mention[] = [];
  const mention = (table: Mention['table']) => (m: { id: string; columns: string[] }) =>
    mentions.push({ table, id: m.id, columns: m.columns });

  const leads = await rowsNaming(db, email, 'leads', ['email', 'name', 'fields', 'notes', 'search']);
  const own = (m: { columns: string[] }) => m.columns.includes('email');
  leads.filter((m) => !own(m)).forEach(mention('leads'));
  const leadIds = leads.filter(own).map((m) => m.id);

  const files = await personLoanFiles(db, email, leadIds);
  files.mentions.forEach(mention('loan_files'));
  const documentIds = await documentsOfFiles(db, [...files.own.keys()]);

  const payments = await rowsNaming(db, email, 'payments', ['customer_email', 'customer_name'], ['checkout_session_id']);
  payments.filter((m) => !m.columns.includes('customer_email')).forEach(mention('payments'));
  const ownPayments = payments.filter((m) => m.columns.includes('customer_email'));
  const paymentIds = ownPayments.map((m) => m.id);
  const checkoutSessionIds = ownPayments.map((m) => String(m.row.checkout_session_id));
  const paymentEventIds = await idsWhereIn(checkoutSessionIds, (part) =>
    db.selectFrom('payment_events').select('id').where('checkout_session_id', 'in', part).execute(),
  );

  // Notifications of the person's leads and payments, then any other that names the address:
  // the person's own unless it tells of someone else's lead or payment that stays.
  const loanFileIds = [...files.own.keys()];
  const subjects = new Set([
    ...leadIds.map((id) => `lead:${id}`),
    ...loanFileIds.map((id) => `loan-file:${id}`),
    ...paymentIds.map((id) => `payment:${id}`),
  ]);
  const notificationIds = new Set<string>();
  for (const [type, ids] of [
    ['lead', leadIds],
    ['loan-file', loanFileIds],
    ['payment', paymentIds],
  ] as const)
    for (const id of await idsWhereIn(ids, (part) =>
      db.selectFrom('notifications').select('id').where('subject_type', '=', type).where('subject_id', 'in', part).execute(),
    ))
      notificationIds.add(id);
  const otherLeadIds = leads.filter((m) => !own(m)).map((m) => m.id);
  const others = new Set(otherLeadIds.map((id) => `lead:${id}`));
  const named = await rowsNaming(db, email, 'notifications', ['payload', 'last_error'], ['subject_type', 'subject_id']);
  for (const sealed of await sealedPayloadsNaming(db, email, otherLeadIds)) {
    const match = named.find((n) => n.id === sealed.id);
    if (!match) named.push({ id: sealed.id, columns: ['payload'], row: sealed });
    else if (!match.columns.includes('payload')) match.columns.push('payload');
  }
  for (const n of named) {
    const subject = `${String(n.row.subject_type)}:${String(n.row.subject_id)}`;
    if (notificationIds.has(n.id) || subjects.has(subject)) continue;
    if (others.has(subject) || (await subjectStays(db, String(n.row.subject_type), String(n.row.subject_id))))
      mention('notifications')(n);
    else notificationIds.add(n.id);
  }

  const attemptIds = await idsWhereIn([...notificationIds], (part) =>
    db.selectFrom('notification_attempts').select('id').where('notification_id', 'in', part).execute(),
  );
  const ownAttempts = new Set(attemptIds);
  (await rowsNaming(db, email, 'notification_attempts', ['error']))
    .filter((m) => !ownAttempts.has(m.id))
    .forEach(mention('notification_attempts'));

  const invites = await rowsNaming(db, email, 'invites', ['email']);
  const challenges = await rowsNaming(db, email, 'auth_challenges', ['data']);
  const drafts = await rowsNaming(db, email, 'application_drafts', ['email']);
  return {
    leadIds,
    loanFileIds,
    loanFileLeadIds: [...files.own.values()],
    documentIds,
    paymentIds,
    checkoutSessionIds,
    paymentEventIds,
    notificationIds: [...notificationIds],
    attemptIds,
    inviteIds: invites.map((m) => m.id),
    draftIds: drafts.map((m) => m.id),
    challengeIds: challenges.map((m) => m.id),
    consentEventIds: await personConsentEventIds(db, { email, leadIds }),
    mentions,
  };
}

/**
 * The person's loan files (id -> the lead it was opened from): those of their leads, and any whose
 * borrower address is theirs. A file naming them only as its builder is someone else's: a mention.
 */
async function personLoanFiles(db: DB, email: string, leadIds: string[]) {
  const own = new Map<string, string>();
  for (const part of chunks(leadIds))
    for (const file of await db.selectFrom('loan_files').select(['id', 'lead_id']).where('lead_id', 'in', part).execute())
      own.set(file.id, file.lead_id);
  const named = await rowsNaming(db, email, 'loan_files', ['borrower_email', 'builder_email'], ['lead_id']);
  for (const match of named) if (match.columns.includes('borrower_email')) own.set(match.id, String(match.row.lead_id));
  return { own, mentions: named.filter((match) => !own.has(match.id)) };
}

/** Every document of these files' items, finished or not (lib/documents/ knows them by owner). */
async function documentsOfFiles(db: DB, fileIds: string[]): Promise<string[]> {
  const itemIds = await idsWhereIn(fileIds, (part) =>
    db.selectFrom('loan_file_items').select('id').where('file_id', 'in', part).execute(),
  );
  return idsWhereIn(itemIds.map(itemOwner), (part) =>
    db.selectFrom('documents').select('id').where('owner', 'in', part).execute(),
  );
}

/**
 * Notifications of other people's leads whose sealed payload names the address. SQL cannot look
 * inside a sealed payload (lib/notifications/sealed-payload.server.ts), so the notifications of the
 * leads that name the address are opened here: a lead's notifications are rendered from the lead,
 * so one whose lead names nobody names nobody either. Plain payloads were matched by SQL already.
 */
async function sealedPayloadsNaming(db: DB, email: string, leadIds: string[]) {
  const found: { id: string; payload: string; subject_type: string; subject_id: string }[] = [];
  for (const part of chunks(leadIds)) {
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'payload', 'subject_type', 'subject_id'])
      .where('subject_type', '=', 'lead')
      .where('subject_id', 'in', part)
      .execute();
    for (const row of rows) if (isSealedPayload(row.payload) && holdsEmail(openPayload(row), email)) found.push(row);
  }
  return found;
}

/** Whether a notification's subject is a lead, loan file or payment that is not the person's (it stays). */
async function subjectStays(db: DB, type: string, id: string): Promise<boolean> {
  if (type === 'lead') return Boolean(await db.selectFrom('leads').select('id').where('id', '=', id).executeTakeFirst());
  if (type === 'loan-file')
    return Boolean(await db.selectFrom('loan_files').select('id').where('id', '=', id).executeTakeFirst());
  if (type === 'payment') return Boolean(await db.selectFrom('payments').select('id').where('id', '=', id).executeTakeFirst());
  return false;
}

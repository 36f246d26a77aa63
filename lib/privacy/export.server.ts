import 'server-only';
import { consentEventsById } from '../consent/person.server';
import type { DB } from '../db/connect.server';
import { documentsOf } from '../documents/store.server';
import { openValues } from '../drafts/drafts.server';
import { openLeadFields } from '../leads/sealed-fields.server';
import type { StoredDocument } from '../documents/types';
import { loanFile } from '../loan-files/queries.server';
import type { LoanFile, LoanFileItem } from '../loan-files/types';
import { openPayload } from '../notifications/sealed-payload.server';
import { itemOwner } from '../loan-files/upload-access.server';
import { chunks } from '../retention/erase.server';
import type { PersonCounts } from './counts';
import { countRecords, findPersonRecords } from './find.server';

/**
 * 'Export this person's data': every row of the person's found for the address
 * (./find.server.ts), as stored, with JSON columns parsed so the file reads as one document.
 * Other people's records that merely name the address are theirs and stay out of it. Hashes of secret tokens (an
 * invitation's, a saved application's) are left out: they are ours, not the person's, and would only help a guesser.
 *
 * Loan files come with their needs list, each item listing its documents by name, kind, size, date
 * and scan state, but not their content: the export is one JSON text that the Server Action
 * answers with and the browser saves, so 25 MB documents would sit in the server's memory and the
 * response whole, base64-encoded. The owner downloads the documents from the loan file instead
 * (streamed as a ZIP) and sends them with the export.
 */

/** A document as the export lists it: what it is, not what it holds. */
export type ExportedDocument = Omit<StoredDocument, 'owner'>;

export interface ExportedLoanFile extends Omit<LoanFile, 'items'> {
  items: (LoanFileItem & { documents: ExportedDocument[] })[];
}

/** Said in the export when it lists documents, so the person knows their content comes apart. */
export const DOCUMENT_CONTENT_NOTE =
  'The documents listed under the loan files are not inside this file: their contents are sent separately, as downloaded from the loan file.';

export interface PersonExport {
  email: string;
  exportedAt: string;
  counts: PersonCounts;
  leads: Record<string, unknown>[];
  loanFiles: ExportedLoanFile[];
  /** DOCUMENT_CONTENT_NOTE, when a loan file lists a document. */
  documentContents?: string;
  notifications: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  invites: Record<string, unknown>[];
  drafts: Record<string, unknown>[];
  /** Consent given and withdrawn: how, when, on which address and channel. */
  consentEvents: Record<string, unknown>[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function byIds<T>(ids: string[], load: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (const part of chunks(ids)) rows.push(...(await load(part)));
  return rows;
}

export async function exportPersonData(db: DB, email: string, now = new Date()): Promise<PersonExport> {
  const found = await findPersonRecords(db, email);
  const leads = await byIds(found.leadIds, (part) =>
    db.selectFrom('leads').selectAll().where('id', 'in', part).orderBy('created_at').orderBy('id').execute(),
  );
  const attempts = await byIds(found.attemptIds, (part) =>
    db.selectFrom('notification_attempts').selectAll().where('id', 'in', part).orderBy('attempted_at').orderBy('id').execute(),
  );
  const notifications = await byIds(found.notificationIds, (part) =>
    db.selectFrom('notifications').selectAll().where('id', 'in', part).orderBy('created_at').orderBy('id').execute(),
  );
  const payments = await byIds(found.paymentIds, (part) =>
    db.selectFrom('payments').selectAll().where('id', 'in', part).orderBy('created_at').orderBy('id').execute(),
  );
  const events = await byIds(found.checkoutSessionIds, (part) =>
    db.selectFrom('payment_events').selectAll().where('checkout_session_id', 'in', part).orderBy('received_at').execute(),
  );
  const invites = await byIds(found.inviteIds, (part) =>
    db
      .selectFrom('invites')
      .select(['id', 'email', 'role', 'created_at', 'expires_at', 'accepted_at'])
      .where('id', 'in', part)
      .execute(),
  );

  const drafts = await byIds(found.draftIds, (part) =>
    db
      .selectFrom('application_drafts')
      .select(['id', 'email', 'field_values', 'step', 'consent', 'created_at', 'updated_at', 'expires_at'])
      .where('id', 'in', part)
      .execute(),
  );

  const loanFiles = await exportLoanFiles(db, found.loanFileIds);
  const consentEvents = await consentEventsById(db, found.consentEventIds);

  const attemptsOf = (id: string) => attempts.filter((a) => a.notification_id === id);
  return {
    email,
    exportedAt: now.toISOString(),
    counts: countRecords(found),
    // `search` is derived from the name, e-mail and phone for the admin's search: nothing new.
    leads: leads.map(({ search: _search, fields, ...lead }) => ({ ...lead, fields: openLeadFields(lead.id, fields) })),
    loanFiles,
    ...(loanFiles.some((file) => file.items.some((item) => item.documents.length > 0)) && {
      documentContents: DOCUMENT_CONTENT_NOTE,
    }),
    notifications: notifications.map(({ payload, ...n }) => ({
      ...n,
      // A lead's is sealed at rest: the person gets it opened (as stored if it does not open).
      payload: parseJson(openPayload({ id: n.id, payload }) ?? payload),
      attempt_log: attemptsOf(n.id),
    })),
    payments: payments.map((p) => ({ ...p, events: events.filter((e) => e.checkout_session_id === p.checkout_session_id) })),
    invites,
    drafts: drafts.map(({ field_values, ...draft }) => ({ ...draft, field_values: openValues(draft.id, field_values) })),
    consentEvents,
  };
}

/** The person's loan files, oldest first, each item with the documents uploaded to it. */
async function exportLoanFiles(db: DB, fileIds: string[]): Promise<ExportedLoanFile[]> {
  const files: ExportedLoanFile[] = [];
  for (const id of fileIds) {
    const file = await loanFile(db, id);
    if (!file) continue;
    const documents = await byIds(
      file.items.map((item) => itemOwner(item.id)),
      (part) => documentsOf(db, part),
    );
    const items = file.items.map((item) => ({
      ...item,
      documents: documents.filter((d) => d.owner === itemOwner(item.id)).map(({ owner: _owner, ...document }) => document),
    }));
    files.push({ ...file, items });
  }
  return files.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

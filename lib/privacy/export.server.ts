import 'server-only';
import type { DB } from '../db/connect.server';
import { chunks } from '../retention/erase.server';
import type { PersonCounts } from './counts';
import { countRecords, findPersonRecords } from './find.server';

/**
 * 'Export this person's data': every row of the person's found for the address
 * (./find.server.ts), as stored, with JSON columns parsed so the file reads as one document.
 * Other people's records that merely name the address are theirs and stay out of it. Hashes of secret tokens (an
 * invitation's, a saved application's) are left out: they are ours, not the person's, and would only help a guesser.
 */

export interface PersonExport {
  email: string;
  exportedAt: string;
  counts: PersonCounts;
  leads: Record<string, unknown>[];
  notifications: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  invites: Record<string, unknown>[];
  drafts: Record<string, unknown>[];
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

  const attemptsOf = (id: string) => attempts.filter((a) => a.notification_id === id);
  return {
    email,
    exportedAt: now.toISOString(),
    counts: countRecords(found),
    // `search` is derived from the name, e-mail and phone for the admin's search: nothing new.
    leads: leads.map(({ search: _search, fields, ...lead }) => ({ ...lead, fields: parseJson(fields) })),
    notifications: notifications.map(({ payload, ...n }) => ({
      ...n,
      payload: parseJson(payload),
      attempt_log: attemptsOf(n.id),
    })),
    payments: payments.map((p) => ({ ...p, events: events.filter((e) => e.checkout_session_id === p.checkout_session_id) })),
    invites,
    drafts: drafts.map(({ field_values, ...draft }) => ({ ...draft, field_values: parseJson(field_values) })),
  };
}

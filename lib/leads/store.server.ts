import 'server-only';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/connect.server';
import { CONSENT_TEXT, LEAD_TYPES, type LeadKind } from './fields';
import { leadSearchText } from './search-text';
import type { SpamReason } from './spam';

export interface NewLead {
  kind: LeadKind;
  fields: Record<string, string>;
  page: string;
  consent: boolean;
  spamReason: SpamReason | null;
  clientAddress: string;
  userAgent: string;
}

export const newId = () => randomBytes(12).toString('base64url');

function contactColumns(kind: LeadKind, f: Record<string, string>) {
  switch (kind) {
    case 'application':
      return { name: f.borrowerName ?? '', email: f.email ?? '', phone: f.phone ?? '' };
    case 'contact':
      return { name: f.from_name ?? '', email: f.from_email ?? '', phone: f.phone ?? '' };
    case 'qualification':
      return { name: `${f.firstName ?? ''} ${f.lastName ?? ''}`.trim(), email: f.email ?? '', phone: f.phone ?? '' };
    case 'ebook':
      return { name: f.name ?? '', email: f.email ?? '', phone: '' };
  }
}

export interface StoredLead {
  id: string;
  notificationId: string;
}

/** The rows one lead is stored as: the lead and its notification (the outbox). */
function leadRows(lead: NewLead, now: Date) {
  const stamp = now.toISOString();
  const id = newId();
  const notificationId = newId();
  const full = contactColumns(lead.kind, lead.fields);
  const columns = { name: full.name.slice(0, 200), email: full.email.slice(0, 254), phone: full.phone.slice(0, 64) };
  return {
    stored: { id, notificationId },
    lead: {
      id,
      kind: lead.kind,
      type: LEAD_TYPES[lead.kind],
      fields: JSON.stringify(lead.fields),
      ...columns,
      search: leadSearchText(columns),
      page: lead.page.slice(0, 300),
      consent_text: lead.consent ? CONSENT_TEXT : null,
      consent_at: lead.consent ? stamp : null,
      consent_page: lead.consent ? lead.page.slice(0, 300) : null,
      status: lead.spamReason ? 'spam' : 'new',
      is_spam: lead.spamReason ? 1 : 0,
      spam_reason: lead.spamReason,
      client_address: lead.clientAddress.slice(0, 64),
      user_agent: lead.userAgent.slice(0, 500),
      created_at: stamp,
    },
    notification: {
      id: notificationId,
      lead_id: id,
      status: lead.spamReason ? 'skipped' : 'waiting',
      next_attempt_at: lead.spamReason ? null : stamp,
      created_at: stamp,
      updated_at: stamp,
    },
  };
}

/**
 * Inserts leads and their notifications (the outbox) with two multi-row inserts, whatever the
 * number of leads, inside the caller's transaction. Suspected spam is stored too, flagged, with
 * its notification 'skipped'.
 */
export async function insertLeads(trx: DB, leads: { lead: NewLead; now: Date }[]): Promise<StoredLead[]> {
  if (leads.length === 0) return [];
  const rows = leads.map(({ lead, now }) => leadRows(lead, now));
  await trx
    .insertInto('leads')
    .values(rows.map((row) => row.lead))
    .execute();
  await trx
    .insertInto('lead_notifications')
    .values(rows.map((row) => row.notification))
    .execute();
  return rows.map((row) => row.stored);
}

/**
 * Stores one lead and its notification in their own transaction: once this returns, the lead is
 * safe and the worker will deliver the notification however often the transport fails. (Leads
 * from the forms are stored in groups by lead-writer.server.ts; this serves tools and tests.)
 */
export async function recordLead(db: DB, lead: NewLead, now = new Date()): Promise<StoredLead> {
  const [stored] = await db.transaction().execute((trx) => insertLeads(trx, [{ lead, now }]));
  return stored!;
}

/**
 * Leads from one address since a time, counted up to `atMost`: the per-address rate limit, kept
 * in the database. The count walks the address's entries of leads_address_idx, so the cap keeps
 * the work per submission bounded while one address floods the forms.
 */
export async function countLeadsFrom(db: DB, clientAddress: string, since: Date, atMost: number): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('leads')
        // A constant, not a column: the index answers alone (no table row read per lead).
        .select(sql<number>`1`.as('one'))
        .where('client_address', '=', clientAddress.slice(0, 64))
        .where('created_at', '>', since.toISOString())
        .limit(atMost)
        .as('recent'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

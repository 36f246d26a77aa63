import 'server-only';
import type { DB } from '../db/connect.server';
import { normalEmail, normalPhone } from './address';

/**
 * The consent events of one person, for a privacy request (lib/privacy/): those of their e-mail
 * address, those the team recorded on their leads, and those of the phone numbers their leads
 * give (a text STOP from their phone). Deleting the person deletes them all, withdrawals included:
 * with their leads gone nothing is left to contact them about, and a later form is a new start.
 */

/** Ids per statement: far below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function personConsentEventIds(db: DB, person: { email: string; leadIds: readonly string[] }): Promise<string[]> {
  const phones = new Set<string>();
  for (const part of chunks(person.leadIds))
    for (const lead of await db.selectFrom('leads').select('phone').where('id', 'in', part).execute()) {
      const phone = normalPhone(lead.phone);
      if (phone) phones.add(phone);
    }
  const email = normalEmail(person.email);
  const ids = new Set<string>();
  const add = (rows: { id: string }[]) => rows.forEach((row) => ids.add(row.id));
  if (email)
    add(
      await db
        .selectFrom('consent_events')
        .select('id')
        .where('address_kind', '=', 'email')
        .where('address', '=', email)
        .execute(),
    );
  for (const part of chunks([...phones]))
    add(
      await db
        .selectFrom('consent_events')
        .select('id')
        .where('address_kind', '=', 'phone')
        .where('address', 'in', part)
        .execute(),
    );
  for (const part of chunks(person.leadIds))
    add(await db.selectFrom('consent_events').select('id').where('lead_id', 'in', part).execute());
  return [...ids];
}

/** The events as stored, oldest first, for the person's export. */
export async function consentEventsById(db: DB, ids: readonly string[]) {
  const rows = [];
  for (const part of chunks(ids))
    rows.push(...(await db.selectFrom('consent_events').selectAll().where('id', 'in', part).execute()));
  return rows.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
}

export async function deleteConsentEvents(db: DB, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids)) await db.deleteFrom('consent_events').where('id', 'in', part).execute();
}

import 'server-only';
import type { DB } from '../db/connect.server';
import { normalEmail, normalPhone, type ConsentAddress } from './address';
import { EVENT_COLUMNS, recordConsentEvent, toConsentEvent, withdrawalInForce } from './events.server';
import type { ConsentChannel, ConsentEventKind, LeadConsentHistory } from './types';

/**
 * A lead's consent, as the lead dialog shows and changes it: the consent its form recorded
 * (leads.consent_*, verbatim), then every event of its e-mail address and phone number, whoever
 * recorded it and on whichever lead. The team records "Do not contact" (or consent given again)
 * on the lead's own addresses.
 */

/** The lead's addresses and form consent, read straight from its row (none of the sealed fields). */
async function leadContact(db: DB, leadId: string) {
  const row = await db
    .selectFrom('leads')
    .select(['email', 'phone', 'page', 'consent_text', 'consent_at', 'consent_page'])
    .where('id', '=', leadId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    email: normalEmail(row.email),
    phone: normalPhone(row.phone),
    given:
      row.consent_text && row.consent_at
        ? { text: row.consent_text, at: row.consent_at, page: row.consent_page ?? row.page }
        : null,
  };
}

const addressesOf = (contact: { email: string | null; phone: string | null }): ConsentAddress[] => [
  ...(contact.email ? [{ kind: 'email' as const, address: contact.email }] : []),
  ...(contact.phone ? [{ kind: 'phone' as const, address: contact.phone }] : []),
];

/** The lead's consent history, oldest first; null when the lead is gone. */
export async function leadConsentHistory(db: DB, leadId: string): Promise<LeadConsentHistory | null> {
  const contact = await leadContact(db, leadId);
  if (!contact) return null;
  const addresses = addressesOf(contact);
  const rows = await db
    .selectFrom('consent_events')
    .select([...EVENT_COLUMNS])
    .where((eb) =>
      eb.or([
        eb('lead_id', '=', leadId),
        ...addresses.map((a) => eb.and([eb('address_kind', '=', a.kind), eb('address', '=', a.address)])),
      ]),
    )
    .orderBy('at')
    .orderBy('id')
    .execute();
  const may = async (address: string | null, kind: ConsentAddress['kind'], channel: 'email' | 'sms') =>
    address ? (await withdrawalInForce(db, { kind, address }, channel)) === null : null;
  return {
    leadId,
    email: contact.email,
    phone: contact.phone,
    given: contact.given,
    events: rows.map(toConsentEvent),
    current: { email: await may(contact.email, 'email', 'email'), sms: await may(contact.phone, 'phone', 'sms') },
  };
}

export type LeadConsentRecord =
  { ok: true; recorded: number } | { ok: false; reason: 'gone' | 'no-email' | 'no-phone' | 'no-address' };

/**
 * Records the team's "Do not contact" (or consent given again) on the lead's addresses for a
 * channel: e-mail on its e-mail address, texts on its phone, 'all' on both. Inside the caller's
 * transaction, so the activity log entry commits with it.
 */
export async function recordLeadConsent(
  db: DB,
  input: { leadId: string; channel: ConsentChannel; event: ConsentEventKind; note: string | null; actor: string },
  now = new Date(),
): Promise<LeadConsentRecord> {
  const contact = await leadContact(db, input.leadId);
  if (!contact) return { ok: false, reason: 'gone' };
  const targets =
    input.channel === 'email'
      ? addressesOf({ email: contact.email, phone: null })
      : input.channel === 'sms'
        ? addressesOf({ email: null, phone: contact.phone })
        : addressesOf(contact);
  if (targets.length === 0)
    return { ok: false, reason: input.channel === 'email' ? 'no-email' : input.channel === 'sms' ? 'no-phone' : 'no-address' };
  for (const target of targets)
    await recordConsentEvent(
      db,
      {
        ...target,
        channel: input.channel,
        event: input.event,
        source: 'team',
        leadId: input.leadId,
        note: input.note,
        actor: input.actor,
      },
      now,
    );
  return { ok: true, recorded: targets.length };
}

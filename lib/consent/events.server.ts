import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { normalEmail, normalPhone, type ConsentAddress } from './address';
import type { CheckedChannel, ConsentChannel, ConsentEvent, ConsentEventKind, ConsentSource, Withdrawal } from './types';

/**
 * Consent events (table consent_events, migration 0027): each says that an address's person gave
 * or withdrew consent for a channel, how and when. The latest event that covers a channel decides
 * it ('all' covers e-mail and texts alike); an address with none may be contacted, on the consent
 * its form recorded. A withdrawal holds until the person gives consent again by an act of their
 * own (texting START, 'Subscribe again' on the unsubscribe page) or the team records that they
 * did: a later form does not undo it by itself (docs/compliance.md).
 */

export interface NewConsentEvent extends ConsentAddress {
  channel: ConsentChannel;
  event: ConsentEventKind;
  source: ConsentSource;
  leadId?: string | null;
  note?: string | null;
  actor?: string | null;
}

/** The channels an event may cover for an address of its kind: a phone is never e-mailed. */
export function channelFits(kind: ConsentAddress['kind'], channel: ConsentChannel): boolean {
  return channel === 'all' || (kind === 'email' ? channel === 'email' : channel === 'sms');
}

/** The latest event covering `channel` for the address, or null when there is none. */
async function latestEvent(db: DB, address: ConsentAddress, channel: CheckedChannel) {
  return db
    .selectFrom('consent_events')
    .select(['event', 'source', 'at'])
    .where('address_kind', '=', address.kind)
    .where('address', '=', address.address)
    .where('channel', 'in', [channel, 'all'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The withdrawal that stops messages on `channel` to the address, or null when they may go. */
export async function withdrawalInForce(db: DB, address: ConsentAddress, channel: CheckedChannel): Promise<Withdrawal | null> {
  const latest = await latestEvent(db, address, channel);
  return latest?.event === 'withdrawn' ? { source: latest.source as ConsentSource, at: latest.at } : null;
}

/** A message's address as records keep it (an e-mail for e-mail, a phone for texts); null when it cannot be one. */
export function recordedAddress(channel: CheckedChannel, address: string): ConsentAddress | null {
  const normal = channel === 'email' ? normalEmail(address) : normalPhone(address);
  return normal ? { kind: channel === 'email' ? 'email' : 'phone', address: normal } : null;
}

/**
 * Whether a message on `channel` may go to `address` (as typed: it is normalized here) now: the
 * check the outbox makes at send time. An address that cannot be read as one has no record to
 * match, so it may.
 */
export async function mayContact(db: DB, to: { channel: CheckedChannel; address: string }): Promise<boolean> {
  const address = recordedAddress(to.channel, to.address);
  return !address || (await withdrawalInForce(db, address, to.channel)) === null;
}

/**
 * Records an event; true when recorded. The person's own acts are recorded once per change: a
 * withdrawal of an address already withdrawn, a mail app posting its one-click unsubscribe again,
 * a second START, change nothing and add nothing. The team's records always go in, each with its
 * note (a second call asking to stop is worth its own line). Inside the caller's transaction when
 * it has one (the team's records, with their activity log entry).
 */
export async function recordConsentEvent(db: DB, event: NewConsentEvent, now = new Date()): Promise<boolean> {
  if (!channelFits(event.kind, event.channel)) throw new Error(`A ${event.kind} address has no ${event.channel} channel`);
  // 'all' also stands for calls, which no event of a single channel says anything about.
  if (event.source !== 'team' && event.channel !== 'all') {
    const latest = await latestEvent(db, event, event.channel);
    const unchanged = event.event === 'withdrawn' ? latest?.event === 'withdrawn' : latest?.event !== 'withdrawn';
    if (unchanged) return false;
  }
  await db
    .insertInto('consent_events')
    .values({
      id: newId(now.getTime()),
      address_kind: event.kind,
      address: event.address,
      channel: event.channel,
      event: event.event,
      source: event.source,
      lead_id: event.leadId ?? null,
      note: event.note?.trim() ? event.note.trim().slice(0, 500) : null,
      actor: event.actor ? event.actor.slice(0, 254) : null,
      at: now.toISOString(),
    })
    .execute();
  return true;
}

type EventRow = {
  id: string;
  address_kind: string;
  address: string;
  channel: string;
  event: string;
  source: string;
  note: string | null;
  actor: string | null;
  at: string;
};

export const EVENT_COLUMNS = ['id', 'address_kind', 'address', 'channel', 'event', 'source', 'note', 'actor', 'at'] as const;

export function toConsentEvent(row: EventRow): ConsentEvent {
  return {
    id: row.id,
    addressKind: row.address_kind as ConsentEvent['addressKind'],
    address: row.address,
    channel: row.channel as ConsentChannel,
    event: row.event as ConsentEventKind,
    source: row.source as ConsentSource,
    note: row.note,
    actor: row.actor,
    at: row.at,
  };
}

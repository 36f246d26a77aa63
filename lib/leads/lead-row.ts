import { attributionColumns, type Attribution } from '../attribution/touch';
import { newId } from '../db/ids';
import type { NotificationMessage } from '../notifications/types';
import { leadMessage } from './summary';
import { CONSENT_TEXT, LEAD_TYPES, type LeadKind } from './fields';
import { leadSearchText } from './search-text';
import type { BotSignal, SpamReason } from './spam';
import { botSignalShort, parseBotSignals } from './spam-words';

/** A lead as the store writes it: the `leads` row of a validated, judged submission, and its e-mail. */

export interface NewLead {
  kind: LeadKind;
  fields: Record<string, string>;
  page: string;
  consent: boolean;
  spamReason: SpamReason | null;
  /** The weak signals it arrived with (none when left out), and whether they mark it "Possible bot". */
  botSignals?: BotSignal[];
  possibleBot?: boolean;
  /** What the per-address limit counts by (lib/http/address-key.ts): an IPv4 address or an IPv6 /64. */
  clientAddress: string;
  userAgent: string;
  /** Where the visitor came from (the attribution cookie); none: 'direct'. */
  attribution?: Attribution;
  /**
   * The slug of the officer profile the form was sent from (its hidden `officer`, issue 31): the
   * store assigns the lead to that officer while the profile is published.
   */
  officer?: string;
}

/** The columns the Leads tab searches and lists, copied out of each form's own field names. */
function contactColumns(kind: LeadKind, f: Record<string, string>) {
  switch (kind) {
    case 'application':
      return { name: f.borrowerName ?? '', email: f.email ?? '', phone: f.phone ?? '' };
    case 'contact':
      return { name: f.from_name ?? '', email: f.from_email ?? '', phone: f.phone ?? '' };
    case 'qualification':
      return { name: `${f.firstName ?? ''} ${f.lastName ?? ''}`.trim(), email: f.email ?? '', phone: f.phone ?? '' };
    case 'ebook':
    case 'calculator':
      return { name: f.name ?? '', email: f.email ?? '', phone: '' };
  }
}

export function leadRow(lead: NewLead, now: Date) {
  const stamp = now.toISOString();
  const full = contactColumns(lead.kind, lead.fields);
  const columns = { name: full.name.slice(0, 200), email: full.email.slice(0, 254), phone: full.phone.slice(0, 64) };
  return {
    id: newId(),
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
    bot_signals: JSON.stringify(lead.botSignals ?? []),
    possible_bot: lead.possibleBot ? 1 : 0,
    client_address: lead.clientAddress.slice(0, 64),
    user_agent: lead.userAgent.slice(0, 500),
    created_at: stamp,
    ...attributionColumns(lead.attribution ?? {}),
    // Who works it: set by the store (the officer of the profile it came from, then routing by state).
    assignee_id: null as string | null,
  };
}

/** The columns of a stored lead its e-mail is rendered from. */
export interface LeadMessageColumns {
  kind: string;
  type: string;
  fields: string;
  page: string;
  created_at: string;
  consent_text: string | null;
  consent_at: string | null;
  consent_page: string | null;
  /** Migration 0014's columns; rows rendered before it have none. */
  possible_bot?: number;
  bot_signals?: string;
}

/**
 * The broker's e-mail about a stored lead, from its row: what the store queues with a new lead.
 * (Migration 0007 rendered the leads queued before the outbox kept payloads with its own frozen
 * copy, lib/db/migrations/0007_frozen-messages.ts: a change here does not reach it.)
 */
export function leadRowMessage(row: LeadMessageColumns): NotificationMessage {
  const message = leadMessage({
    kind: row.kind as LeadKind,
    type: row.type,
    fields: JSON.parse(row.fields) as Record<string, string>,
    page: row.page,
    createdAt: row.created_at,
    consent:
      row.consent_text && row.consent_at
        ? { text: row.consent_text, at: row.consent_at, page: row.consent_page ?? row.page }
        : null,
  });
  if (row.possible_bot !== 1) return message;
  // A possible bot is alerted like any lead (ADR 030); the broker sees why it may not be a person.
  const reasons = botSignalShort(parseBotSignals(row.bot_signals ?? '[]'));
  return {
    ...message,
    subject: `[Possible bot] ${message.subject}`,
    text: `Possible bot (${reasons}): it is in your Leads list; move it to spam there if it is not a person.\n\n${message.text}`,
  };
}

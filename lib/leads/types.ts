import type { Attribution } from '../attribution/touch';
import type { DeliveryState, NotificationStatus } from '../notifications/types';
import type { LeadKind } from './fields';
import type { BotSignal } from './spam';

export type { NotificationStatus };

export interface LeadConsent {
  /** The exact wording the visitor agreed to. */
  text: string;
  at: string;
  page: string;
}

/** A stored lead as the rest of the app sees it (never a raw row). */
export interface Lead {
  id: string;
  kind: LeadKind;
  type: string;
  fields: Record<string, string>;
  name: string;
  email: string;
  phone: string;
  page: string;
  consent: LeadConsent | null;
  status: string;
  isSpam: boolean;
  spamReason: string | null;
  /** Marked "Possible bot" by its weak signals (ADR 030); listed and alerted all the same. */
  possibleBot: boolean;
  /** The weak signals it arrived with, marked or not. */
  botSignals: BotSignal[];
  /** The property's state (USPS code) it was routed by (issue 31); null: none given. */
  propertyState: string | null;
  /** Its state is outside the broker's licenses: stored and shown all the same, assigned to the owner. */
  outsideLicenses: boolean;
  createdAt: string;
  /** The owner's notes. */
  notes: string;
  /** Where it came from: the touches, and their sources ('' for leads stored before they were recorded). */
  source: Attribution & { firstSource: string; lastSource: string };
  /** The e-mail to the broker (the outbox's 'email' notification of the lead). */
  notification: DeliveryState | null;
  /** The visitor's auto-reply (recipient 'visitor'), when one was written. */
  autoReply: DeliveryState | null;
}

/** One line of a lead's summary; a block value (the contact message) stands on its own lines. */
export interface SummaryRow {
  label: string;
  value: string;
  block?: boolean;
}

/** A lead's fields as the e-mail shows them and the admin lists them: labelled, formatted, grouped. */
export interface LeadSummary {
  heading: string;
  sections: { title: string | null; rows: SummaryRow[] }[];
}

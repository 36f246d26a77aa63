import type { NotificationStatus } from '../../notifications/types';
import type { LeadKind } from '../fields';
import type { BotSignal } from '../spam';
import type { LeadCursor } from './filter';

/**
 * The Leads tab's list as its components receive it, apart from queries.server.ts that reads it.
 */

export interface LeadListItem {
  id: string;
  kind: LeadKind;
  type: string;
  name: string;
  email: string;
  phone: string;
  status: string;
  isSpam: boolean;
  spamReason: string | null;
  /** Marked "Possible bot" by its weak signals (listed and alerted all the same). */
  possibleBot: boolean;
  botSignals: BotSignal[];
  /** The property's state (USPS code) the lead was routed by; null: none given. */
  propertyState: string | null;
  /** Its state is outside the broker's licenses: stored and listed all the same, the owner's to decide on. */
  outsideLicenses: boolean;
  createdAt: string;
  /** The next follow-up, a UTC date; null: none. */
  followUpOn: string | null;
  notification: { status: NotificationStatus; lastError: string | null } | null;
}

export interface LeadPage {
  leads: LeadListItem[];
  /** Matching leads: exact for the folder, kind, status and dates (lead_counts), else counted up to COUNT_CAP. */
  total: number;
  /** True when more than COUNT_CAP leads match a filter counted on the leads. */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  /** Leads in the spam folder, for its button. */
  spamCount: number;
  /** For Next (`older=`): the last lead shown, when older ones match. */
  older: LeadCursor | null;
  /** For Previous (`newer=`): the first lead shown, past page 1. */
  newer: LeadCursor | null;
}

import type { NotificationStatus } from './types';

/** A notification with every attempt, as the admin's delivery log lists it (plain data, for client components too). */
export interface Delivery {
  id: string;
  subjectId: string;
  channel: string;
  recipient: string;
  status: NotificationStatus;
  createdAt: string;
  nextAttemptAt: string | null;
  lastError: string | null;
  /** The webhook's event type ('lead.created'), for the webhook channel. */
  event: string | null;
  attempts: { at: string; transport: string; ok: boolean; error: string | null }[];
}

/** A delivery with its recipient in words: 'Broker', 'Visitor', 'Webhook: CRM (hooks.example)'. */
export interface LabelledDelivery extends Delivery {
  to: string;
}

/** Notifications needing the owner's attention (the dashboard's banner): leads' and payments'. Invitations show their own state in Team. */
export type Troubled = Record<'lead' | 'payment', { failing: number; failed: number }>;

/**
 * How the reason of a message its recipient withdrew consent for begins (last_error of a 'skipped'
 * notification, ./consent-gate.server.ts), telling it from one held as spam.
 */
export const CONSENT_REFUSAL_PREFIX = 'Not sent: ';

/** Whether a delivery was skipped because its recipient withdrew consent (not held as spam). */
export const skippedForConsent = (d: Pick<Delivery, 'status' | 'lastError'>) =>
  d.status === 'skipped' && Boolean(d.lastError?.startsWith(CONSENT_REFUSAL_PREFIX));

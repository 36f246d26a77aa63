import type { NotificationMessage } from './messages';

/**
 * The notifications outbox's vocabulary. A notification belongs to a subject (the lead or the
 * payment it tells of) and goes out on one channel, carrying the payload that channel's transport
 * sends, rendered when the notification is written: the worker knows channels, never subjects.
 */

/** What a channel's transport sends. Later channels ('sms', 'push', 'webhook') add their payload here. */
export interface ChannelPayloads {
  email: NotificationMessage;
}

export type Channel = keyof ChannelPayloads;

/** What a notification tells of: a lead, a payment, or an invitation to the admin (sent to the invitee). */
export type SubjectType = 'lead' | 'payment' | 'invite';

export interface Subject {
  type: SubjectType;
  id: string;
}

/**
 * waiting (never tried, or no transport configured), failing (failed, will retry), sent, failed
 * (retries used up, or an answer retrying cannot change) and skipped (spam: kept, never sent
 * unless the owner says 'Not spam').
 */
export type NotificationStatus = 'waiting' | 'failing' | 'sent' | 'failed' | 'skipped';

/** The statuses the worker still has work for. */
export const PENDING: NotificationStatus[] = ['waiting', 'failing'];

/** A notification's delivery state, as the admin shows it. */
export interface DeliveryState {
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

/** One delivery attempt, as the admin lists it. */
export interface DeliveryAttempt {
  attemptedAt: string;
  transport: string;
  ok: boolean;
  error: string | null;
}

/**
 * The notifications outbox's vocabulary. A notification belongs to a subject (the lead or the
 * payment it tells of) and goes out on one channel, carrying the payload that channel's transport
 * sends, rendered when the notification is written: the worker knows channels, never subjects.
 */

/**
 * An e-mail (to the broker unless `to` says otherwise): the payload of the outbox's 'email' channel,
 * whatever it tells of. Each subject renders its own (lib/leads/summary.ts,
 * lib/payments/notice.ts, ...); the outbox only carries it.
 */
export interface NotificationMessage {
  subject: string;
  text: string;
  /** Who it is from (a lead's visitor), for the reply address and EmailJS's from_name / from_email. */
  fromName: string;
  fromEmail: string;
  /** The recipient, when not the broker's mailbox (MAIL_TO): an invitation goes to the invitee. */
  to?: string;
  /**
   * Mail to a visitor that they asked for a moment ago and that is their only way into their own
   * loan file (a portal sign-in link): sent whatever their consent, with no unsubscribe link
   * (./consent-gate.server.ts; docs/compliance.md, "Withdrawing consent").
   */
  requested?: boolean;
  /**
   * The one-click unsubscribe link (RFC 8058) of mail to a visitor: set by the outbox when it sends
   * one (./consent-gate.server.ts), never stored; the SMTP transport puts it in List-Unsubscribe.
   */
  unsubscribeUrl?: string;
}

/** A text message (Twilio): to ALERT_SMS_TO unless `to` says otherwise. */
export interface SmsPayload {
  body: string;
  to?: string;
}

/** What a lead's push alert shows: what the admin's service worker displays. */
export interface PushAlert {
  title: string;
  body: string;
  /** The admin path the alert opens, e.g. /admin/leads?lead=<id>. */
  url: string;
  /** Replaces an earlier alert with the same tag on the device. */
  tag?: string;
}

/** A web push alert to one device (push_subscriptions.id). */
export interface PushPayload extends PushAlert {
  subscriptionId: string;
}

/**
 * A push alert for every device of every account that may see leads, as the lead's transaction
 * writes it: one row whatever the number of devices. The push worker expands it into one
 * PushPayload per device (recipient 'user:<account>') outside that transaction, so no number of
 * devices can make storing a lead fail (ADR 028).
 */
export interface PushFanOut extends PushAlert {
  audience: 'lead-devices';
}

/**
 * A Standard Webhooks message to one endpoint (webhook_endpoints.id, or 'env' for
 * LEAD_WEBHOOK_URL). The id and body are fixed when written, so every retry sends the same
 * `webhook-id` and bytes; the timestamp and signature are made at each attempt.
 */
export interface WebhookPayload {
  endpointId: string;
  messageId: string;
  type: string;
  /** The JSON body, exactly as it is sent and signed. */
  body: string;
}

/** What each channel's transport sends. */
export interface ChannelPayloads {
  email: NotificationMessage;
  sms: SmsPayload;
  push: PushPayload | PushFanOut;
  webhook: WebhookPayload;
}

export const CHANNELS = ['email', 'sms', 'push', 'webhook'] as const satisfies readonly Channel[];

export type Channel = keyof ChannelPayloads;

/**
 * What a notification tells of: a lead, a payment, an invitation to the admin (sent to the invitee),
 * an account's daily digest, a saved application's resume link (sent to the visitor), a loan
 * file's messages to its borrower and builder (lib/loan-files/).
 */
export type SubjectType = 'lead' | 'payment' | 'invite' | 'digest' | 'draft' | 'loan-file';

export interface Subject {
  type: SubjectType;
  id: string;
}

/**
 * waiting (never tried, or no transport configured), failing (failed, will retry), sent, failed
 * (retries used up, or an answer retrying cannot change) and skipped (spam: kept, never sent
 * unless the owner says 'Not spam'; or its recipient withdrew consent, last_error saying so).
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
  /** The notification's channel and recipient (see NotificationsTable.recipient). */
  channel: string;
  recipient: string;
  transport: string;
  ok: boolean;
  error: string | null;
}

import type { Channel } from './types';

/**
 * The outbox's lanes: each is a share of one channel's notifications that a worker of its own
 * sends, with its own connection to the provider and its own number of sends in flight, so one
 * lane's backlog never waits in front of another's (ADR 028).
 *
 * E-mail has two. The broker's and the team's own mail (lead alerts, payments, invitations,
 * digests) is never queued behind mail to visitors (auto-replies, estimates, resume links), which
 * a visitor can make in bursts and which a provider may slow down; each lane has its own SMTP
 * connection, so a slow visitor message does not hold the alert's either. Push and webhooks send
 * several at once: each request waits on someone else's server.
 */

/** Which recipients' notifications a lane takes (see NotificationsTable.recipient); the whole channel when absent. */
export type RecipientFilter = { only: readonly string[] } | { except: readonly string[] };

export interface Lane {
  /** In logs: 'email:alerts'. */
  name: string;
  channel: Channel;
  recipients?: RecipientFilter;
  /** Notifications of this lane in flight at once, per instance. */
  concurrency: number;
}

/** The recipient of mail a visitor's form (or a saved draft) sends to the address they typed. */
export const VISITOR = 'visitor';

export const LANES: readonly Lane[] = [
  { name: 'email:alerts', channel: 'email', recipients: { except: [VISITOR] }, concurrency: 1 },
  { name: 'email:visitors', channel: 'email', recipients: { only: [VISITOR] }, concurrency: 1 },
  { name: 'sms', channel: 'sms', concurrency: 2 },
  { name: 'push', channel: 'push', concurrency: 8 },
  { name: 'webhook', channel: 'webhook', concurrency: 4 },
];

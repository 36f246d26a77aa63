import 'server-only';
import type { DB } from '../db/connect.server';
import type { DeliveryAttempt, DeliveryState, NotificationStatus, Subject, SubjectType } from './types';
import type { Troubled } from './delivery-types';

/** Reads of the outbox for the admin: a subject's attempts, the newest state per subject, the dashboard's count. */

/** Every delivery attempt of a subject's notifications, oldest first. */
export async function listAttempts(db: DB, subject: Subject): Promise<DeliveryAttempt[]> {
  const rows = await db
    .selectFrom('notification_attempts as a')
    .innerJoin('notifications as n', 'n.id', 'a.notification_id')
    .select(['a.attempted_at', 'a.transport', 'a.ok', 'a.error', 'n.channel', 'n.recipient'])
    .where('n.subject_type', '=', subject.type)
    .where('n.subject_id', '=', subject.id)
    .orderBy('a.attempted_at', 'asc')
    .execute();
  return rows.map((r) => ({
    attemptedAt: r.attempted_at,
    channel: r.channel,
    recipient: r.recipient,
    transport: r.transport,
    ok: Number(r.ok) === 1,
    error: r.error,
  }));
}

/** The state of the newest e-mail notification to the recipient ('broker' by default) of each of the subjects, by subject id. */
export async function latestEmailStates(
  db: DB,
  type: SubjectType,
  ids: string[],
  recipient = 'broker',
): Promise<Map<string, DeliveryState>> {
  const states = new Map<string, DeliveryState>();
  if (ids.length === 0) return states;
  const rows = await db
    .selectFrom('notifications')
    .select(['subject_id', 'status', 'attempts', 'last_error', 'next_attempt_at', 'sent_at'])
    .where('subject_type', '=', type)
    .where('subject_id', 'in', ids)
    .where('channel', '=', 'email')
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    if (states.has(row.subject_id)) continue;
    states.set(row.subject_id, {
      status: row.status as NotificationStatus,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      nextAttemptAt: row.next_attempt_at,
      sentAt: row.sent_at,
    });
  }
  return states;
}

/**
 * Notifications failing (and retrying) or failed for good, by what they are about (the dashboard's
 * banner). Push alerts are left out: one fails for good whenever a device is gone (uninstalled,
 * notifications reset), which removes the device and needs nobody's attention.
 */
export async function countTroubled(db: DB): Promise<Troubled> {
  const rows = await db
    .selectFrom('notifications')
    .select(['subject_type', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('status', 'in', ['failing', 'failed'])
    // Webhooks feed the owner's other tools (Integrations shows each endpoint's failures); a push to a
    // device that is gone fails for good by design: neither is a broker alert failing.
    .where('channel', 'not in', ['webhook', 'push'])
    .groupBy(['subject_type', 'status'])
    .execute();
  const count = (subject: SubjectType, status: string) =>
    Number(rows.find((r) => r.subject_type === subject && r.status === status)?.count ?? 0);
  return {
    lead: { failing: count('lead', 'failing'), failed: count('lead', 'failed') },
    payment: { failing: count('payment', 'failing'), failed: count('payment', 'failed') },
  };
}

import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { nextAttemptAt } from './backoff';
import { claimNext, type ClaimedNotification } from './claim.server';
import { DeliveryError, type AnyTransport, type Transport } from './transports/types';
import { PENDING, type Channel, type ChannelPayloads } from './types';

/**
 * The outbox's delivery: due notifications of the transport's channel are sent with the payload
 * written with them, every attempt is recorded, failures are retried on backoff.ts's schedule.
 *
 * Each notification is claimed before it is sent (./claim.server.ts), so workers of several app
 * instances on one PostgreSQL never send the same notification, and one whose sender died mid-send
 * is retried after the claim's lease. Delivery is at least once: a crash between the peer's
 * acceptance and our update can repeat one message, never lose one.
 */

export interface OutboxLog {
  info: (data: object, message: string) => void;
  warn: (data: object, message: string) => void;
}

/**
 * Sends the transport's due notifications one by one until none is due (or `stopped()` says the
 * worker is stopping: the send in progress is finished, no new one claimed); returns how many
 * were delivered.
 */
export async function deliverDue(
  db: DB,
  transport: AnyTransport,
  log: OutboxLog,
  now = () => new Date(),
  options: { stopped?: () => boolean } = {},
): Promise<number> {
  let delivered = 0;
  while (!options.stopped?.()) {
    const row = await claimNext(db, transport.channel, now());
    if (!row) break;
    if (await deliverOne(db, transport, log, row, now)) delivered += 1;
  }
  return delivered;
}

async function attempt(transport: AnyTransport, payload: string): Promise<{ error: string | null; retryable: boolean }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { error: 'The stored payload is not valid JSON', retryable: false };
  }
  try {
    // Written by addNotifications from the channel's own payload type; claimed for this channel.
    await (transport as Transport<Channel>).send(parsed as ChannelPayloads[Channel] as never);
    return { error: null, retryable: false };
  } catch (caught) {
    const error = caught instanceof Error ? caught.message : String(caught);
    return { error, retryable: caught instanceof DeliveryError ? caught.retryable : true };
  }
}

async function deliverOne(
  db: DB,
  transport: AnyTransport,
  log: OutboxLog,
  row: ClaimedNotification,
  now: () => Date,
): Promise<boolean> {
  const { error, retryable } = await attempt(transport, row.payload);
  const attempts = Number(row.attempts) + 1;
  const at = now();
  const stamp = at.toISOString();
  const next = error && retryable ? nextAttemptAt(attempts, at) : null;
  const status = !error ? 'sent' : next ? 'failing' : 'failed';

  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('notifications')
      .set({
        status,
        attempts,
        last_error: error,
        next_attempt_at: next ? next.toISOString() : null,
        sent_at: error ? null : stamp,
        updated_at: stamp,
      })
      .where('id', '=', row.id)
      .executeTakeFirst();
    // Deleted while it was being sent (the owner deleted its lead): there is nothing to record it on.
    if (Number(updated.numUpdatedRows) !== 1) return;
    await trx
      .insertInto('notification_attempts')
      .values({ id: newId(), notification_id: row.id, attempted_at: stamp, transport: transport.name, ok: error ? 0 : 1, error })
      .execute();
  });

  const data = {
    event: 'notification.delivery',
    notification: row.id,
    subject: `${row.subject_type}:${row.subject_id}`,
    channel: transport.channel,
    transport: transport.name,
    attempts,
    status,
    error,
  };
  if (error) log.warn({ ...data, nextAttemptAt: next?.toISOString() ?? null }, `Notification ${status}: ${error}`);
  else log.info(data, 'Notification sent');
  return !error;
}

/** The earliest time a notification of the channel becomes due, so the worker can sleep until then. */
export async function nextDueAt(db: DB, channel: Channel): Promise<Date | null> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', 'in', PENDING)
    .where('channel', '=', channel)
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}

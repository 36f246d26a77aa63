import 'server-only';
import { open } from '../auth/secret-box.server';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { countDeliveryFailure } from '../metrics/registry';
import { nextAttemptAt } from './backoff';
import { claimNext, type ClaimedNotification } from './claim.server';
import { gatePayload } from './consent-gate.server';
import type { RecipientFilter } from './lanes';
import { ofRecipients } from './lanes.server';
import { addNotifications, sealContext, SEALED_MARK, type NewNotification } from './outbox.server';
import { openPayload } from './sealed-payload.server';
import { DeliveryError, type AnyTransport, type Transport } from './transports/types';
import { PENDING, type Channel, type ChannelPayloads, type SubjectType } from './types';

/**
 * The outbox's delivery: due notifications of the transport's channel (of one lane's recipients,
 * ./lanes.ts) are sent with the payload written with them, every attempt is recorded, failures
 * are retried on backoff.ts's schedule.
 *
 * Each notification is claimed before it is sent (./claim.server.ts), so workers of several app
 * instances on one PostgreSQL never send the same notification, and one whose sender died mid-send
 * is retried after the claim's lease. Delivery is at least once: a crash between the peer's
 * acceptance and our update can repeat one message, never lose one.
 *
 * A notification written for many recipients at once (a lead's push alert to every device) is
 * expanded when claimed: the transport names the recipients, their notifications replace it in
 * one transaction (written by addNotifications, so sealed as their subject's are), and they are
 * sent like any other.
 *
 * Before a message to a person outside the business is sent, their consent is checked as it is
 * at that moment (./consent-gate.server.ts): one they withdrew consent for is marked 'skipped' with
 * the reason, and mail to a visitor that may go gets its unsubscribe link.
 */

export interface OutboxLog {
  info: (data: object, message: string) => void;
  warn: (data: object, message: string) => void;
}

export interface DeliverOptions {
  /** The worker is stopping: the sends in progress are finished, no new one claimed. */
  stopped?: () => boolean;
  /** Only these recipients' notifications (a lane); the whole channel when absent. */
  recipients?: RecipientFilter;
  /** Notifications sent at once (default 1). */
  concurrency?: number;
}

/**
 * Sends the transport's due notifications until none is due (or `stopped()`), `concurrency` at a
 * time: each of that many senders claims one, sends it, records it and claims the next. Returns
 * how many were delivered.
 */
export async function deliverDue(
  db: DB,
  transport: AnyTransport,
  log: OutboxLog,
  now = () => new Date(),
  options: DeliverOptions = {},
): Promise<number> {
  let delivered = 0;
  const most = Math.max(1, options.concurrency ?? 1);
  let active = 0;
  const running: Promise<void>[] = [];
  const sender = async () => {
    while (!options.stopped?.()) {
      // Settings that may have changed are looked up before each claim; without any, nothing is claimed.
      if (transport.ready && !(await transport.ready())) break;
      const row = await claimNext(db, transport.channel, now(), options.recipients);
      if (!row) break;
      const outcome = await deliverOne(db, transport, log, row, now);
      if (outcome === 'sent') delivered += 1;
      // New work for every sender: those that found nothing and stopped start again.
      if (outcome === 'expanded') launch();
    }
  };
  const launch = () => {
    while (active < most) {
      active += 1;
      running.push(sender().finally(() => (active -= 1)));
    }
  };
  launch();
  while (running.length > 0) await Promise.all(running.splice(0));
  return delivered;
}

/** The stored payload as the transport takes it: opened (if sealed), its sealed secret (if any) put back, parsed. */
export function payloadToSend(
  row: Pick<ClaimedNotification, 'id' | 'payload' | 'sealed_secret'>,
): { payload: unknown } | { error: string } {
  let text = openPayload(row);
  if (text === null) return { error: 'This message is sealed and does not open with this SECRET_KEY' };
  if (row.sealed_secret !== null) {
    const secret = open(row.sealed_secret, sealContext(row.id));
    if (secret === null) return { error: 'The sealed part of this message does not open with this SECRET_KEY' };
    text = text.split(SEALED_MARK).join(secret);
  }
  try {
    return { payload: JSON.parse(text) };
  } catch {
    return { error: 'The stored payload is not valid JSON' };
  }
}

async function attempt(transport: AnyTransport, payload: unknown): Promise<{ error: string | null; retryable: boolean }> {
  try {
    // Written by addNotifications from the channel's own payload type; claimed for this channel.
    await (transport as Transport<Channel>).send(payload as ChannelPayloads[Channel] as never);
    return { error: null, retryable: false };
  } catch (caught) {
    const error = caught instanceof Error ? caught.message : String(caught);
    return { error, retryable: caught instanceof DeliveryError ? caught.retryable : true };
  }
}

/**
 * Replaces a claimed notification by the per-recipient ones it stands for, in one transaction:
 * dated as it was (the delivery log keeps its order), due now. When it was deleted meanwhile (its
 * lead deleted), nothing is added.
 */
async function expand(
  db: DB,
  row: ClaimedNotification,
  parts: { recipient: string; payload: ChannelPayloads[Channel] }[],
  channel: Channel,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('notifications').where('id', '=', row.id).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) return;
    // An earlier expansion that failed (the database, briefly) left an attempt on it.
    await trx.deleteFrom('notification_attempts').where('notification_id', '=', row.id).execute();
    const subject = { type: row.subject_type as SubjectType, id: row.subject_id };
    const createdAt = new Date(row.created_at);
    await addNotifications(
      trx,
      parts.map(
        (part) =>
          ({ subject, channel, recipient: part.recipient, payload: part.payload, at: createdAt, due: at }) as NewNotification,
      ),
    );
  });
}

async function deliverOne(
  db: DB,
  transport: AnyTransport,
  log: OutboxLog,
  row: ClaimedNotification,
  now: () => Date,
): Promise<'sent' | 'failed' | 'expanded' | 'skipped'> {
  const read = payloadToSend(row);
  if ('payload' in read && transport.expand) {
    const parts = await (transport as Transport<Channel>).expand!(read.payload as ChannelPayloads[Channel] as never).catch(
      (error: unknown) => error as Error,
    );
    if (Array.isArray(parts)) {
      await expand(db, row, parts, transport.channel, now());
      log.info(
        {
          event: 'notification.expanded',
          notification: row.id,
          subject: `${row.subject_type}:${row.subject_id}`,
          channel: transport.channel,
          recipients: parts.length,
        },
        `Notification expanded for ${parts.length} recipients`,
      );
      return 'expanded';
    }
    // An expansion that failed (the database, briefly) is retried like a failed send.
    if (parts instanceof Error) return record(db, transport, log, row, now, { error: parts.message, retryable: true });
  }
  if (!('payload' in read)) return record(db, transport, log, row, now, { error: read.error, retryable: false });
  // Consent is checked now, not when queued: a withdrawal stops what is already waiting.
  const gated = await gatePayload(db, row, read.payload, transport).catch((error: unknown) => error as Error);
  if (gated instanceof Error) return record(db, transport, log, row, now, { error: gated.message, retryable: true });
  if ('refusal' in gated) return skip(db, transport, log, row, now, gated.refusal);
  return record(db, transport, log, row, now, await attempt(transport, gated.payload));
}

/**
 * A message its recipient withdrew consent for: 'skipped' with the reason, never retried ('Retry
 * now' leaves skipped ones alone) and no attempt recorded, since nothing was sent.
 */
async function skip(
  db: DB,
  transport: AnyTransport,
  log: OutboxLog,
  row: ClaimedNotification,
  now: () => Date,
  reason: string,
): Promise<'skipped'> {
  const stamp = now().toISOString();
  await db
    .updateTable('notifications')
    .set({ status: 'skipped', last_error: reason, next_attempt_at: null, claimed_until: null, updated_at: stamp })
    .where('id', '=', row.id)
    .execute();
  log.info(
    {
      event: 'notification.skipped',
      notification: row.id,
      subject: `${row.subject_type}:${row.subject_id}`,
      channel: transport.channel,
      transport: transport.name,
    },
    'Notification not sent: consent withdrawn',
  );
  return 'skipped';
}

/** Records an attempt: the notification's new state (its claim released) and the attempt row. */
async function record(
  db: DB,
  transport: AnyTransport,
  log: OutboxLog,
  row: ClaimedNotification,
  now: () => Date,
  { error, retryable }: { error: string | null; retryable: boolean },
): Promise<'sent' | 'failed'> {
  const attempts = Number(row.attempts) + 1;
  const at = now();
  const stamp = at.toISOString();
  const next = error && retryable ? nextAttemptAt(attempts, at) : null;
  const status = !error ? 'sent' : next ? 'failing' : 'failed';
  if (error) countDeliveryFailure(transport.channel);

  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('notifications')
      .set({
        status,
        attempts,
        last_error: error,
        next_attempt_at: next ? next.toISOString() : null,
        claimed_until: null,
        sent_at: error ? null : stamp,
        updated_at: stamp,
        // Sent: the sealed secret (a link's token) has done its work and is dropped for good.
        ...(error ? {} : { sealed_secret: null }),
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
  return error ? 'failed' : 'sent';
}

/** The earliest time a notification of the channel (of the lane's recipients) becomes due, so the worker can sleep until then. */
export async function nextDueAt(db: DB, channel: Channel, recipients?: RecipientFilter): Promise<Date | null> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', 'in', PENDING)
    .where('channel', '=', channel)
    .$call(ofRecipients(recipients))
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}

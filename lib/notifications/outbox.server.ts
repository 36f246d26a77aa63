import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../leads/store.server';
import { nextAttemptAt } from './backoff';
import { buildNotification, type LeadForMessage } from './messages';
import { DeliveryError, type Transport } from './transports/types';

/**
 * The outbox: lead_notifications rows written with their lead, delivered here. Statuses:
 * waiting (never tried, or no transport configured), failing (failed, will retry), sent,
 * failed (retries used up, or an answer retrying cannot change) and skipped (spam).
 *
 * A due row is claimed by moving its next_attempt_at forward (compare-and-set), so two app
 * instances on one PostgreSQL never send the same notification at once, and a process that dies
 * mid-send retries after the lease. Delivery is at least once: a crash between the peer's
 * acceptance and our update can repeat one e-mail, never lose one.
 */

/** How long a claimed notification is reserved for the sender before another may retry it. */
export const CLAIM_LEASE_MS = 5 * 60_000;
const BATCH = 20;

export interface OutboxLog {
  info: (data: object, message: string) => void;
  warn: (data: object, message: string) => void;
}

/** Sends every due notification once; returns how many were delivered. */
export async function deliverDue(db: DB, transport: Transport, log: OutboxLog, now = () => new Date()): Promise<number> {
  let delivered = 0;
  const due = await db
    .selectFrom('lead_notifications')
    .select(['id', 'lead_id', 'attempts', 'next_attempt_at'])
    .where('status', 'in', ['waiting', 'failing'])
    .where('next_attempt_at', '<=', now().toISOString())
    .orderBy('next_attempt_at')
    .limit(BATCH)
    .execute();

  for (const row of due) {
    const claimed = await db
      .updateTable('lead_notifications')
      .set({ next_attempt_at: new Date(now().getTime() + CLAIM_LEASE_MS).toISOString() })
      .where('id', '=', row.id)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .where('status', 'in', ['waiting', 'failing'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    if (await deliverOne(db, transport, log, row, now)) delivered += 1;
  }
  return delivered;
}

async function deliverOne(
  db: DB,
  transport: Transport,
  log: OutboxLog,
  row: { id: string; lead_id: string; attempts: number },
  now: () => Date,
): Promise<boolean> {
  const lead = await db
    .selectFrom('leads')
    .select(['kind', 'type', 'fields', 'page', 'created_at', 'consent_text', 'consent_at', 'consent_page'])
    .where('id', '=', row.lead_id)
    .executeTakeFirstOrThrow();
  const message = buildNotification({
    kind: lead.kind as LeadForMessage['kind'],
    type: lead.type,
    fields: JSON.parse(lead.fields) as Record<string, string>,
    page: lead.page,
    createdAt: lead.created_at,
    consent:
      lead.consent_text && lead.consent_at
        ? { text: lead.consent_text, at: lead.consent_at, page: lead.consent_page ?? lead.page }
        : null,
  });

  const attempts = Number(row.attempts) + 1;
  let error: string | null = null;
  let retryable = true;
  try {
    await transport.send(message);
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
    retryable = caught instanceof DeliveryError ? caught.retryable : true;
  }
  const at = now();
  const stamp = at.toISOString();
  const next = error && retryable ? nextAttemptAt(attempts, at) : null;
  const status = !error ? 'sent' : next ? 'failing' : 'failed';

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('lead_notification_attempts')
      .values({ id: newId(), notification_id: row.id, attempted_at: stamp, transport: transport.name, ok: error ? 0 : 1, error })
      .execute();
    await trx
      .updateTable('lead_notifications')
      .set({
        status,
        attempts,
        last_error: error,
        next_attempt_at: next ? next.toISOString() : null,
        sent_at: error ? null : stamp,
        updated_at: stamp,
      })
      .where('id', '=', row.id)
      .execute();
  });

  const data = { event: 'lead.notification', lead: row.lead_id, transport: transport.name, attempts, status, error };
  if (error) log.warn({ ...data, nextAttemptAt: next?.toISOString() ?? null }, `Lead notification ${status}: ${error}`);
  else log.info(data, 'Lead notification sent');
  return !error;
}

/** The earliest time a notification becomes due, so the worker can sleep until then. */
export async function nextDueAt(db: DB): Promise<Date | null> {
  const row = await db
    .selectFrom('lead_notifications')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('status', 'in', ['waiting', 'failing'])
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}

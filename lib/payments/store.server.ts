import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import { addNotifications } from '../notifications/outbox.server';
import { latestEmailStates } from '../notifications/queries.server';
import { formatMoney } from './format';
import { paymentMessage } from './notice';
import type { PaymentRow } from './types';

/**
 * Payments, recorded from Stripe's signed webhook events only (never from the success page).
 * Idempotent twice over: each event id is stored once (a redelivery changes nothing), and a
 * session has one payment row, whose status only moves pending → paid | failed, so an event that
 * arrives late (a 'completed' after the 'async succeeded') cannot undo a later state.
 *
 * A paid or failed payment queues the broker's e-mail in the notifications outbox, in the same
 * transaction, as a notification of the payment itself (ADR 012).
 */

export type PaymentStatus = 'pending' | 'paid' | 'failed';

export interface PaymentUpdate {
  eventId: string;
  eventType: string;
  checkoutSessionId: string;
  paymentIntentId: string | null;
  plan: string;
  amount: number;
  currency: string;
  customerEmail: string;
  customerName: string;
  status: PaymentStatus;
}

export type RecordResult = 'recorded' | 'duplicate';

const RANK: Record<PaymentStatus, number> = { pending: 0, paid: 1, failed: 1 };

export async function recordPaymentEvent(db: DB, update: PaymentUpdate, now = new Date()): Promise<RecordResult> {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('payment_events')
      .values({ id: update.eventId, type: update.eventType, checkout_session_id: update.checkoutSessionId, received_at: stamp })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return 'duplicate';

    const existing = await trx
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('checkout_session_id', '=', update.checkoutSessionId)
      .executeTakeFirst();
    const previous = existing?.status as PaymentStatus | undefined;
    if (previous && RANK[previous] > RANK[update.status]) return 'recorded';
    if (previous === update.status) return 'recorded';

    const details = {
      payment_intent_id: update.paymentIntentId,
      plan: update.plan.slice(0, 32),
      amount: update.amount,
      currency: update.currency.slice(0, 8),
      customer_email: update.customerEmail.slice(0, 254),
      customer_name: update.customerName.slice(0, 200),
      status: update.status,
      last_event_id: update.eventId,
      updated_at: stamp,
    };
    const paymentId = existing?.id ?? newId();
    if (existing) {
      await trx.updateTable('payments').set(details).where('id', '=', paymentId).execute();
    } else {
      await trx
        .insertInto('payments')
        .values({ id: paymentId, checkout_session_id: update.checkoutSessionId, created_at: stamp, ...details })
        .execute();
    }

    if (update.status !== 'pending') {
      await addNotifications(trx, [
        {
          subject: { type: 'payment', id: paymentId },
          channel: 'email',
          payload: paymentMessage({
            status: update.status,
            plan: update.plan,
            amount: formatMoney(update.amount, update.currency),
            customerName: update.customerName,
            customerEmail: update.customerEmail,
            checkoutSessionId: update.checkoutSessionId,
            paymentIntentId: update.paymentIntentId,
            recordedAt: stamp,
          }),
          at: now,
        },
      ]);
    }
    return 'recorded';
  });
}

/** Payments newest first, each with the newest lead of the same e-mail and its notice's delivery (for the admin). */
export async function listPayments(db: DB, limit = 200): Promise<PaymentRow[]> {
  const rows = await db.selectFrom('payments').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  const emails = [...new Set(rows.map((r) => r.customer_email.toLowerCase()).filter(Boolean))];
  const leads = emails.length
    ? await db
        .selectFrom('leads')
        .select(['id', 'name', 'type', 'email', 'created_at'])
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
        .where('is_spam', '=', 0)
        .orderBy('created_at', 'desc')
        .execute()
    : [];
  const notices = await latestEmailStates(
    db,
    'payment',
    rows.map((r) => r.id),
  );
  const byEmail = new Map<string, (typeof leads)[number]>();
  for (const lead of leads) if (!byEmail.has(lead.email.toLowerCase())) byEmail.set(lead.email.toLowerCase(), lead);
  return rows.map((r) => {
    const lead = byEmail.get(r.customer_email.toLowerCase());
    return {
      id: r.id,
      checkoutSessionId: r.checkout_session_id,
      paymentIntentId: r.payment_intent_id,
      plan: r.plan,
      amount: Number(r.amount),
      currency: r.currency,
      customerEmail: r.customer_email,
      customerName: r.customer_name,
      status: r.status,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      lead: lead ? { id: lead.id, name: lead.name, type: lead.type, createdAt: lead.created_at } : null,
      notice: notices.get(r.id) ?? null,
    };
  });
}

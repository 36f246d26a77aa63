import 'server-only';
import { PAYMENT_KIND } from '../leads/fields';
import type { DB } from '../db/connect.server';
import { newId } from '../leads/store.server';
import { formatMoney } from './format';

/**
 * Payments, recorded from Stripe's signed webhook events only (never from the success page).
 * Idempotent twice over: each event id is stored once (a redelivery changes nothing), and a
 * session has one payment row, whose status only moves pending → paid | failed, so an event that
 * arrives late (a 'completed' after the 'async succeeded') cannot undo a later state.
 *
 * The broker's notification goes through the lead outbox: the outbox's rows belong to a lead
 * (lead_notifications.lead_id, not null), so a paid or failed payment also writes a lead of kind
 * 'payment' with the payment's details, in the same transaction (see ADR 008).
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
    if (existing) {
      await trx.updateTable('payments').set(details).where('id', '=', existing.id).execute();
    } else {
      await trx
        .insertInto('payments')
        .values({ id: newId(), checkout_session_id: update.checkoutSessionId, created_at: stamp, ...details })
        .execute();
    }

    if (update.status !== 'pending') {
      const leadId = newId();
      const fields: Record<string, string> = {
        name: update.customerName,
        email: update.customerEmail,
        plan: update.plan,
        amount: formatMoney(update.amount, update.currency),
        status: update.status,
        checkout_session_id: update.checkoutSessionId,
        payment_intent_id: update.paymentIntentId ?? '',
      };
      await trx
        .insertInto('leads')
        .values({
          id: leadId,
          kind: PAYMENT_KIND,
          type: update.status === 'paid' ? 'Payment Received' : 'Payment Failed',
          fields: JSON.stringify(fields),
          name: update.customerName.slice(0, 200),
          email: update.customerEmail.slice(0, 254),
          phone: '',
          page: '/payment',
          consent_text: null,
          consent_at: null,
          consent_page: null,
          spam_reason: null,
          client_address: 'stripe-webhook',
          user_agent: 'Stripe',
          created_at: stamp,
        })
        .execute();
      await trx
        .insertInto('lead_notifications')
        .values({ id: newId(), lead_id: leadId, status: 'waiting', next_attempt_at: stamp, created_at: stamp, updated_at: stamp })
        .execute();
    }
    return 'recorded';
  });
}

export interface PaymentRow {
  id: string;
  checkoutSessionId: string;
  paymentIntentId: string | null;
  plan: string;
  amount: number;
  currency: string;
  customerEmail: string;
  customerName: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  /** The newest lead (not a payment notice) with the same e-mail, if any. */
  lead: { id: string; name: string; type: string; createdAt: string } | null;
}

/** Payments newest first, each with the newest lead of the same e-mail (for the admin). */
export async function listPayments(db: DB, limit = 200): Promise<PaymentRow[]> {
  const rows = await db.selectFrom('payments').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  const emails = [...new Set(rows.map((r) => r.customer_email.toLowerCase()).filter(Boolean))];
  const leads = emails.length
    ? await db
        .selectFrom('leads')
        .select(['id', 'name', 'type', 'email', 'created_at'])
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
        .where('kind', '!=', PAYMENT_KIND)
        .where('is_spam', '=', 0)
        .orderBy('created_at', 'desc')
        .execute()
    : [];
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
    };
  });
}

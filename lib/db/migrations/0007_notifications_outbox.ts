import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine';
import { formatMoney, leadRowMessage, newId, paymentMessage } from './0007_frozen-messages';

// Migrations take Kysely<any>: they describe the schema as it was then, not as the types say now.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The notifications outbox of lib/notifications (ADR 012) replaces the lead outbox: a notification
 * names its subject (a lead or a payment) instead of a lead, and carries the payload its channel
 * sends. Every lead notification and attempt moves over with its id and state, its e-mail rendered
 * from its lead as the old worker did at each attempt (by the renderers frozen in
 * ./0007_frozen-messages.ts, never the app's current ones). Payment notices stop posing as leads:
 * their notifications move to the payment (matched by the checkout session in the lead's fields)
 * and the 'payment' leads go.
 */

const BATCH = 200;

interface OldNotification {
  id: string;
  lead_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
  kind: string;
  type: string;
  fields: string;
  page: string;
  lead_created_at: string;
  consent_text: string | null;
  consent_at: string | null;
  consent_page: string | null;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('subject_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The worker's due query (status in waiting/failing, due, its channel) and the dashboard's count
  // of failing and failed ones; sent notifications, the bulk, stay out of both ranges.
  await db.schema
    .createIndex('notifications_due_idx')
    .on('notifications')
    .columns(['status', 'next_attempt_at', 'channel'])
    .execute();
  // A subject's notifications: the Leads tab's join (one probe per lead listed), the owner's
  // actions on a lead, deletes, the Payments tab.
  await db.schema
    .createIndex('notifications_subject_idx')
    .on('notifications')
    .columns(['subject_type', 'subject_id', 'channel'])
    .execute();

  await db.schema
    .createTable('notification_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('notification_id', 'varchar(32)', (c) => c.notNull().references('notifications.id'))
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('transport', 'varchar(16)', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('notification_attempts_notification_idx')
    .on('notification_attempts')
    .columns(['notification_id', 'attempted_at'])
    .execute();

  for (let after = ''; ;) {
    const rows = (await db
      .selectFrom('lead_notifications as n')
      .innerJoin('leads as l', 'l.id', 'n.lead_id')
      .select(['n.id', 'n.lead_id', 'n.status', 'n.attempts', 'n.next_attempt_at', 'n.last_error', 'n.sent_at'])
      .select(['n.created_at', 'n.updated_at', 'l.kind', 'l.type', 'l.fields', 'l.page', 'l.created_at as lead_created_at'])
      .select(['l.consent_text', 'l.consent_at', 'l.consent_page'])
      .where('n.id', '>', after)
      .orderBy('n.id')
      .limit(BATCH)
      .execute()) as OldNotification[];
    if (rows.length === 0) break;
    await db
      .insertInto('notifications')
      .values(await newRows(db, rows))
      .execute();
    after = rows.at(-1)!.id;
  }
  await db
    .insertInto('notification_attempts')
    .columns(['id', 'notification_id', 'attempted_at', 'transport', 'ok', 'error'])
    .expression(
      db.selectFrom('lead_notification_attempts').select(['id', 'notification_id', 'attempted_at', 'transport', 'ok', 'error']),
    )
    .execute();

  await db.schema.dropTable('lead_notification_attempts').execute();
  await db.schema.dropTable('lead_notifications').execute();
  await db.deleteFrom('leads').where('kind', '=', 'payment').execute();
  // PostgreSQL plans with table statistics, which a table filled a moment ago lacks until
  // autovacuum comes by: meanwhile the Leads tab's join would scan the outbox once per lead.
  if (engineOf(db) === 'postgres') await sql`analyze notifications, notification_attempts`.execute(db);
}

/** The new rows of a batch of old notifications, payment notices moved to their payments. */
async function newRows(db: Kysely<any>, rows: OldNotification[]) {
  const fieldsOf = new Map(rows.map((row) => [row.id, JSON.parse(row.fields) as Record<string, string>]));
  const sessions = rows.filter((row) => row.kind === 'payment').map((row) => fieldsOf.get(row.id)!.checkout_session_id ?? '');
  const payments = sessions.length
    ? ((await db
        .selectFrom('payments')
        .select(['id', 'checkout_session_id'])
        .where('checkout_session_id', 'in', sessions)
        .execute()) as { id: string; checkout_session_id: string }[])
    : [];
  const paymentOf = new Map(payments.map((p) => [p.checkout_session_id, p.id]));
  return rows.map((row) => {
    const f = fieldsOf.get(row.id)!;
    const subject =
      row.kind === 'payment'
        ? // A notice whose payment row is gone (never through the app) keeps its old lead id as subject.
          { subject_type: 'payment', subject_id: paymentOf.get(f.checkout_session_id ?? '') ?? row.lead_id }
        : { subject_type: 'lead', subject_id: row.lead_id };
    const payload =
      row.kind === 'payment'
        ? paymentMessage({
            status: row.type === 'Payment Received' ? 'paid' : 'failed',
            plan: f.plan ?? '',
            amount: f.amount ?? '',
            customerName: f.name ?? '',
            customerEmail: f.email ?? '',
            checkoutSessionId: f.checkout_session_id ?? '',
            paymentIntentId: f.payment_intent_id || null,
            recordedAt: row.lead_created_at,
          })
        : leadRowMessage({ ...row, created_at: row.lead_created_at });
    return {
      id: row.id,
      ...subject,
      channel: 'email',
      payload: JSON.stringify(payload),
      status: row.status,
      attempts: Number(row.attempts),
      next_attempt_at: row.next_attempt_at,
      last_error: row.last_error,
      sent_at: row.sent_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

/** Back to the lead outbox: lead notifications move back, payment notices become 'payment' leads again. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lead_notifications')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lead_id', 'varchar(32)', (c) => c.notNull().unique().references('leads.id').onDelete('cascade'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lead_notifications_due_idx')
    .on('lead_notifications')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('lead_notifications_status_idx').on('lead_notifications').column('status').execute();
  await db.schema
    .createTable('lead_notification_attempts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('notification_id', 'varchar(32)', (c) => c.notNull().references('lead_notifications.id').onDelete('cascade'))
    .addColumn('attempted_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('transport', 'varchar(16)', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('lead_notification_attempts_notification_idx')
    .on('lead_notification_attempts')
    .columns(['notification_id', 'attempted_at'])
    .execute();

  const notices = (await db
    .selectFrom('notifications as n')
    .innerJoin('payments as p', 'p.id', 'n.subject_id')
    .select(['n.id', 'n.payload', 'n.created_at', 'p.checkout_session_id', 'p.payment_intent_id', 'p.plan', 'p.amount'])
    .select(['p.currency', 'p.customer_email', 'p.customer_name'])
    .where('n.subject_type', '=', 'payment')
    .execute()) as Record<string, any>[];
  const leadOf = new Map<string, string>();
  for (const notice of notices) {
    const paid = String(JSON.parse(notice.payload).subject).startsWith('Payment Received');
    const fields = {
      name: notice.customer_name,
      email: notice.customer_email,
      plan: notice.plan,
      amount: formatMoney(Number(notice.amount), notice.currency),
      status: paid ? 'paid' : 'failed',
      checkout_session_id: notice.checkout_session_id,
      payment_intent_id: notice.payment_intent_id ?? '',
    };
    const id = newId();
    leadOf.set(notice.id, id);
    await db
      .insertInto('leads')
      .values({
        id,
        kind: 'payment',
        type: paid ? 'Payment Received' : 'Payment Failed',
        fields: JSON.stringify(fields),
        name: fields.name,
        email: fields.email,
        phone: '',
        page: '/payment',
        client_address: 'stripe-webhook',
        user_agent: 'Stripe',
        created_at: notice.created_at,
      })
      .execute();
  }
  const kept = (await db
    .selectFrom('notifications')
    .select(['id', 'subject_type', 'subject_id', 'status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at'])
    .select(['created_at', 'updated_at'])
    .where('channel', '=', 'email')
    .where((eb) => eb.or([eb('subject_type', '=', 'lead'), eb('id', 'in', [...leadOf.keys(), ''])]))
    .execute()) as Record<string, any>[];
  for (const { subject_type, subject_id, ...row } of kept) {
    await db
      .insertInto('lead_notifications')
      .values({ ...row, lead_id: subject_type === 'lead' ? subject_id : leadOf.get(row.id) })
      .execute();
  }
  await db
    .insertInto('lead_notification_attempts')
    .columns(['id', 'notification_id', 'attempted_at', 'transport', 'ok', 'error'])
    .expression(
      db
        .selectFrom('notification_attempts')
        .select(['id', 'notification_id', 'attempted_at', 'transport', 'ok', 'error'])
        .where('notification_id', 'in', db.selectFrom('lead_notifications').select('id')),
    )
    .execute();
  await db.schema.dropTable('notification_attempts').execute();
  await db.schema.dropTable('notifications').execute();
}

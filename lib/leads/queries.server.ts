import 'server-only';
import type { DB } from '../db/connect.server';
import type { LeadKind } from './fields';
import type { Lead, NotificationStatus } from './types';

/** Reads of stored leads, newest first, with their notification state (for the admin). */

const columns = [
  'leads.id',
  'leads.kind',
  'leads.type',
  'leads.fields',
  'leads.name',
  'leads.email',
  'leads.phone',
  'leads.page',
  'leads.consent_text',
  'leads.consent_at',
  'leads.consent_page',
  'leads.status',
  'leads.is_spam',
  'leads.spam_reason',
  'leads.created_at',
  'leads.notes',
  'n.status as notification_status',
  'n.attempts',
  'n.last_error',
  'n.next_attempt_at',
  'n.sent_at',
] as const;

function baseQuery(db: DB) {
  return db.selectFrom('leads').leftJoin('lead_notifications as n', 'n.lead_id', 'leads.id').select(columns);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toLead(row: Row): Lead {
  return {
    id: row.id,
    kind: row.kind as LeadKind,
    type: row.type,
    fields: JSON.parse(row.fields) as Record<string, string>,
    name: row.name,
    email: row.email,
    phone: row.phone,
    page: row.page,
    consent:
      row.consent_text && row.consent_at
        ? { text: row.consent_text, at: row.consent_at, page: row.consent_page ?? row.page }
        : null,
    status: row.status,
    isSpam: row.is_spam === 1,
    spamReason: row.spam_reason,
    createdAt: row.created_at,
    notes: row.notes,
    notification: row.notification_status
      ? {
          status: row.notification_status as NotificationStatus,
          attempts: Number(row.attempts ?? 0),
          lastError: row.last_error,
          nextAttemptAt: row.next_attempt_at,
          sentAt: row.sent_at,
        }
      : null,
  };
}

export async function listLeads(
  db: DB,
  options: { kind?: LeadKind; includeSpam?: boolean; limit?: number } = {},
): Promise<Lead[]> {
  let query = baseQuery(db);
  if (options.kind) query = query.where('leads.kind', '=', options.kind);
  if (!options.includeSpam) query = query.where('leads.is_spam', '=', 0);
  const rows = await query
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(options.limit ?? 500)
    .execute();
  return rows.map(toLead);
}

export async function getLead(db: DB, id: string): Promise<Lead | null> {
  const row = await baseQuery(db).where('leads.id', '=', id).executeTakeFirst();
  return row ? toLead(row) : null;
}

/** Every delivery attempt of a lead's notification, oldest first. */
export async function listNotificationAttempts(db: DB, leadId: string) {
  const rows = await db
    .selectFrom('lead_notification_attempts as a')
    .innerJoin('lead_notifications as n', 'n.id', 'a.notification_id')
    .select(['a.attempted_at', 'a.transport', 'a.ok', 'a.error'])
    .where('n.lead_id', '=', leadId)
    .orderBy('a.attempted_at', 'asc')
    .execute();
  return rows.map((r) => ({ attemptedAt: r.attempted_at, transport: r.transport, ok: r.ok === 1, error: r.error }));
}

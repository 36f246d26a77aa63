import 'server-only';
import type { SelectQueryBuilder } from 'kysely';
import { parseAttribution } from '../attribution/touch';
import type { DB } from '../db/connect.server';
import type { Database } from '../db/schema';
import { latestEmailStates, listAttempts } from '../notifications/queries.server';
import type { DeliveryAttempt, NotificationStatus } from '../notifications/types';
import type { LeadKind } from './fields';
import { openLeadFields } from './sealed-fields.server';
import { parseBotSignals } from './spam-words';
import type { Lead } from './types';

/** Reads of one stored lead with its e-mail's delivery state (for the admin). */

/**
 * Joins each lead to its e-mail to the broker as `n` (one per lead, written with it). The
 * notifications_subject_idx index answers the join, so a page of the Leads tab costs one index
 * probe per lead shown.
 */
export function joinLeadEmail<O>(query: SelectQueryBuilder<Database, 'leads', O>) {
  return query.leftJoin('notifications as n', (join) =>
    join
      .onRef('n.subject_id', '=', 'leads.id')
      .on('n.subject_type', '=', 'lead')
      .on('n.channel', '=', 'email')
      // The visitor's auto-reply is an e-mail of the lead too (recipient 'visitor').
      .on('n.recipient', '=', 'broker'),
  );
}

function leadQuery(db: DB) {
  return joinLeadEmail(db.selectFrom('leads')).select([
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
    'leads.possible_bot',
    'leads.bot_signals',
    'leads.property_state',
    'leads.outside_licenses',
    'leads.created_at',
    'leads.notes',
    'leads.attribution',
    'leads.first_source',
    'leads.last_source',
    'n.status as notification_status',
    'n.attempts',
    'n.last_error',
    'n.next_attempt_at',
    'n.sent_at',
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof leadQuery>['executeTakeFirstOrThrow']>>;

function toLead(row: Row): Lead {
  return {
    id: row.id,
    kind: row.kind as LeadKind,
    type: row.type,
    fields: openLeadFields(row.id, row.fields),
    name: row.name,
    email: row.email,
    phone: row.phone,
    page: row.page,
    consent:
      row.consent_text && row.consent_at
        ? { text: row.consent_text, at: row.consent_at, page: row.consent_page ?? row.page }
        : null,
    status: row.status,
    isSpam: Number(row.is_spam) === 1,
    spamReason: row.spam_reason,
    possibleBot: Number(row.possible_bot) === 1,
    botSignals: parseBotSignals(row.bot_signals),
    propertyState: row.property_state,
    outsideLicenses: Number(row.outside_licenses) === 1,
    createdAt: row.created_at,
    notes: row.notes,
    source: { ...parseAttribution(row.attribution), firstSource: row.first_source, lastSource: row.last_source },
    notification: row.notification_status
      ? {
          status: row.notification_status as NotificationStatus,
          attempts: Number(row.attempts ?? 0),
          lastError: row.last_error,
          nextAttemptAt: row.next_attempt_at,
          sentAt: row.sent_at,
        }
      : null,
    autoReply: null,
  };
}

export async function getLead(db: DB, id: string): Promise<Lead | null> {
  const row = await leadQuery(db).where('leads.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const autoReply = (await latestEmailStates(db, 'lead', [id], 'visitor')).get(id) ?? null;
  return { ...toLead(row), autoReply };
}

/** Every delivery attempt of a lead's notification, oldest first. */
export function listNotificationAttempts(db: DB, leadId: string): Promise<DeliveryAttempt[]> {
  return listAttempts(db, { type: 'lead', id: leadId });
}

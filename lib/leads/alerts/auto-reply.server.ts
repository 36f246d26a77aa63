import 'server-only';
import { readContentDocument } from '../../content/document';
import type { DB } from '../../db/connect.server';
import type { NewNotification } from '../../notifications/outbox.server';
import { signingOfficerOf } from '../../officers/profiles.server';
import type { SigningOfficer } from '../../officers/types';
import type { ArrivalAlertSource, ArrivedLead } from './source';
import { autoReplyMessage, autoReplyReady } from '../auto-reply';
import type { LeadKind } from '../fields';

/**
 * The visitor's auto-reply as an arrival alert (../arrival-alerts.server.ts): one e-mail to the
 * address the visitor entered (recipient 'visitor'), through the outbox with its retries and
 * delivery log. Not for a calculator lead, whose estimate e-mail answers it. None when no mail transport is configured, when the owner switched it off or has
 * not entered the postal address, and none for suspected spam even later marked 'Not spam': a bot
 * fills in someone else's address, and a confirmation days late would only puzzle a real visitor.
 */

/** Reads the content inside the lead's transaction (not the pages' cache, which lives in Next). */
export async function contentOf(trx: DB) {
  const row = await trx
    .selectFrom('site_content')
    .select(['schema_version', 'document'])
    .where('id', '=', 'site')
    .executeTakeFirst();
  return row ? readContentDocument(row.schema_version, row.document) : null;
}

export const looksLikeAddress = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

export function visitorAutoReply(mailConfigured: () => boolean): ArrivalAlertSource {
  return async (trx, leads) => {
    if (!mailConfigured()) return [];
    // A calculator lead gets the estimate it asked for instead (./estimate-email.server.ts).
    const to = leads.filter(({ row }) => row.kind !== 'calculator' && row.is_spam === 0 && looksLikeAddress(row.email));
    if (to.length === 0) return [];
    const content = await contentOf(trx);
    if (!content || !autoReplyReady(content)) return [];
    const officers = await signingOfficers(trx, to);
    return to.map(({ row, at }): NewNotification => ({
      subject: { type: 'lead', id: row.id },
      channel: 'email',
      recipient: 'visitor',
      payload: autoReplyMessage(
        {
          kind: row.kind as LeadKind,
          type: row.type,
          name: row.name,
          email: row.email,
          phone: row.phone,
          fields: JSON.parse(row.fields) as Record<string, string>,
          createdAt: row.created_at,
        },
        content,
        officers.get(row.assignee_id ?? '') ?? null,
      ),
      at,
    }));
  };
}

/**
 * The officers the leads are assigned to (a profile's own link, or routing by state, both before
 * the alerts are written), by account: each signs their leads' e-mails (issue 31).
 */
export async function signingOfficers(trx: DB, leads: readonly ArrivedLead[]): Promise<Map<string, SigningOfficer | null>> {
  const officers = new Map<string, SigningOfficer | null>();
  for (const { row } of leads)
    if (row.assignee_id && !officers.has(row.assignee_id))
      officers.set(row.assignee_id, await signingOfficerOf(trx, row.assignee_id));
  return officers;
}

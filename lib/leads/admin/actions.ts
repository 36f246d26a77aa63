'use server';

import { z } from 'zod';
import { adminAction } from '../../admin/action.server';
import { fail, succeed, type ActionResult } from '../../admin/result';
import type { DB } from '../../db/index.server';
import { logger } from '../../log.server';
import { leadSummary, type LeadSummary } from '../../notifications/messages';
import { wakeOutbox } from '../../notifications/process-worker.server';
import { getLead, listNotificationAttempts } from '../queries.server';
import type { Lead } from '../types';
import { leadIdSchema, leadUpdateSchema } from './filter';
import { deleteLead, markNotSpam, retryNotification, updateLead } from './mutations.server';

/**
 * The lead dialog's actions. The list itself is the Leads page, rendered on the server from the
 * filter in its URL. Each is in the activity log, opening a lead too (reading customer
 * information is what the Safeguards Rule asks to monitor); the lead mutations own their
 * transactions, so an entry is written once its change is committed.
 */

export interface LeadDetail {
  lead: Lead;
  summary: LeadSummary;
  attempts: { attemptedAt: string; transport: string; ok: boolean; error: string | null }[];
}

const byId = z.object({ id: leadIdSchema });
const GONE = fail('❌ Lead Not Found', 'This lead was deleted elsewhere.');

/** The lead as the dialog shows it after a change, with the change's toast. */
async function detail(db: DB, id: string, toast: { title: string; message?: string }): Promise<ActionResult<LeadDetail>> {
  const lead = await getLead(db, id);
  if (!lead) return GONE;
  const attempts = await listNotificationAttempts(db, id);
  return succeed({ ...toast, data: { lead, summary: leadSummary(lead.kind, lead.fields), attempts } });
}

export const leadDetailAction = adminAction(
  byId,
  async ({ id }, { db, log }) => {
    const shown = await detail(db, id, { title: 'Lead' });
    if (shown.ok) await log({ action: 'lead_viewed', target: id });
    return shown;
  },
  { permission: 'leads' },
);

export const updateLeadAction = adminAction(
  leadUpdateSchema.extend({ id: leadIdSchema }),
  async ({ id, ...input }, { db, log }) => {
    const before = await getLead(db, id);
    const saved = before && (await updateLead(db, id, input));
    if (!saved) return GONE;
    if (before.status !== input.status)
      await log({ action: 'lead_status_changed', target: id, detail: { from: before.status, to: input.status } });
    // Only that the notes changed: their text is the broker's notes about a customer.
    if (before.notes !== input.notes) await log({ action: 'lead_notes_changed', target: id });
    if (saved.queued) wakeOutbox();
    return detail(db, id, { title: '✅ Lead Saved' });
  },
  { permission: 'leads', invalid: (fieldErrors) => fail('❌ Lead Not Saved', 'Some fields need attention.', fieldErrors) },
);

export const retryNotificationAction = adminAction(
  byId,
  async ({ id }, { db, log }) => {
    const retried = await db.transaction().execute(async (trx) => {
      const made = await retryNotification(trx, id);
      if (made) await log({ action: 'notification_retried', target: id }, trx);
      return made;
    });
    if (!retried) return fail('❌ Nothing To Retry', 'This notification is not waiting or failing.');
    wakeOutbox();
    return detail(db, id, { title: '📨 Retrying Now', message: 'The notification is being sent again.' });
  },
  { permission: 'leads' },
);

export const notSpamAction = adminAction(
  byId,
  async ({ id }, { db, log }) => {
    const result = await markNotSpam(db, id);
    if (result === 'not-found') return GONE;
    if (result === 'queued') await log({ action: 'lead_not_spam', target: id });
    wakeOutbox();
    return detail(db, id, {
      title: '✅ Not Spam',
      message: 'The lead is back in the list and its notification is on its way.',
    });
  },
  { permission: 'leads' },
);

export const deleteLeadAction = adminAction(
  byId,
  async ({ id }, { db, log }) => {
    if (!(await deleteLead(db, id))) return GONE;
    await log({ action: 'lead_deleted', target: id });
    logger.info({ event: 'admin.lead_deleted', lead: id }, 'Lead deleted');
    return succeed({ title: '🗑️ Lead Deleted', message: 'The lead and its notification history were removed.' });
  },
  { permission: 'leads', stepUp: true },
);

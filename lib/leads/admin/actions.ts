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
 * filter in its URL.
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

export const leadDetailAction = adminAction(byId, async ({ id }, { db }) => detail(db, id, { title: 'Lead' }), {
  permission: 'leads',
});

export const updateLeadAction = adminAction(
  leadUpdateSchema.extend({ id: leadIdSchema }),
  async ({ id, ...input }, { db }) => {
    const saved = await updateLead(db, id, input);
    if (!saved) return GONE;
    if (saved.queued) wakeOutbox();
    return detail(db, id, { title: '✅ Lead Saved' });
  },
  { permission: 'leads', invalid: (fieldErrors) => fail('❌ Lead Not Saved', 'Some fields need attention.', fieldErrors) },
);

export const retryNotificationAction = adminAction(
  byId,
  async ({ id }, { db }) => {
    if (!(await retryNotification(db, id))) return fail('❌ Nothing To Retry', 'This notification is not waiting or failing.');
    wakeOutbox();
    return detail(db, id, { title: '📨 Retrying Now', message: 'The notification is being sent again.' });
  },
  { permission: 'leads' },
);

export const notSpamAction = adminAction(
  byId,
  async ({ id }, { db }) => {
    if ((await markNotSpam(db, id)) === 'not-found') return GONE;
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
  async ({ id }, { db }) => {
    if (!(await deleteLead(db, id))) return GONE;
    logger.info({ event: 'admin.lead_deleted', lead: id }, 'Lead deleted');
    return succeed({ title: '🗑️ Lead Deleted', message: 'The lead and its notification history were removed.' });
  },
  { permission: 'leads', stepUp: true },
);

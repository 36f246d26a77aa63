'use server';

import { z } from 'zod';
import { actorOf } from '../../activity/record.server';
import { adminAction } from '../../admin/action.server';
import type { AdminContext } from '../../admin/context';
import { fail, succeed, type ActionResult } from '../../admin/result';
import type { DB } from '../../db/index.server';
import { logger } from '../../log.server';
import { loanFileForLead } from '../../loan-files/queries.server';
import { leadSummary } from '../summary';
import type { LeadSummary } from '../types';
import { wakeOutbox } from '../../notifications/process-worker.server';
import { isAssignable } from '../pipeline/assignees.server';
import { getLeadPipeline } from '../pipeline/detail.server';
import type { LeadPipeline } from '../pipeline/types';
import { getLead } from '../queries.server';
import type { Lead } from '../types';
import { dismissMovedBack } from '../admin/moved-back.server';
import { leadIdSchema, leadMoveSchema, leadUpdateSchema, lostReasonIssue, requireLostReason } from '../admin/filter';
import {
  clearPossibleBot,
  deleteLead,
  markNotSpam,
  retryNotification,
  updateLead,
  type LeadChanges,
  type SavedLead,
} from '../admin/mutations.server';

/**
 * The lead dialog's actions. The list itself is the Leads page, rendered on the server from the
 * filter in its URL. Each is in the activity log, opening a lead too (reading customer
 * information is what the Safeguards Rule asks to monitor); the lead mutations own their
 * transactions, so an entry is written once its change is committed.
 */

export interface LeadDetail {
  lead: Lead;
  summary: LeadSummary;
  pipeline: LeadPipeline;
  /** The loan file opened from this lead (issue 30), for the dialog's 'View loan file'; null when none. */
  loanFileId: string | null;
}

const byId = z.object({ id: leadIdSchema });
const GONE = fail('❌ Lead Not Found', 'This lead was deleted elsewhere.');

/** The lead as the dialog shows it after a change, with the change's toast. */
async function detail(db: DB, id: string, toast: { title: string; message?: string }): Promise<ActionResult<LeadDetail>> {
  const lead = await getLead(db, id);
  if (!lead) return GONE;
  const pipeline = await getLeadPipeline(db, id);
  if (!pipeline) return GONE;
  const loanFileId = (await loanFileForLead(db, id))?.id ?? null;
  return succeed({ ...toast, data: { lead, summary: leadSummary(lead.kind, lead.fields), pipeline, loanFileId } });
}

const NOT_ASSIGNABLE = fail('❌ Lead Not Saved', 'Choose a team member who works leads.', {
  assigneeId: 'Choose a team member who works leads.',
});

/**
 * Saves a change to a lead as the signed-in account, then logs what changed (never the notes' or
 * the reason's text: they are the broker's words about a customer). Null when the lead is gone.
 */
async function save(id: string, changes: LeadChanges, { db, log, account }: AdminContext): Promise<SavedLead | null> {
  const saved = await updateLead(db, id, changes, new Date(), actorOf(account));
  if (!saved) return null;
  const { before, changed } = saved;
  if (changed.includes('status'))
    await log({ action: 'lead_status_changed', target: id, detail: { from: before.status, to: changes.status } });
  if (changed.includes('notes')) await log({ action: 'lead_notes_changed', target: id });
  if (changed.includes('assignee'))
    await log({ action: 'lead_assigned', target: id, detail: { from: before.assigneeId, to: changes.assigneeId || null } });
  if (changed.includes('followUpOn'))
    await log({
      action: 'lead_follow_up_changed',
      target: id,
      detail: { from: before.followUpOn, to: changes.followUpOn || null },
    });
  if (saved.queued) wakeOutbox();
  return saved;
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
  leadUpdateSchema.extend({ id: leadIdSchema }).refine(requireLostReason, lostReasonIssue),
  async ({ id, ...input }, context) => {
    if (input.assigneeId && !(await isAssignable(context.db, input.assigneeId))) return NOT_ASSIGNABLE;
    if (!(await save(id, input, context))) return GONE;
    return detail(context.db, id, { title: '✅ Lead Saved' });
  },
  { permission: 'leads', invalid: (fieldErrors) => fail('❌ Lead Not Saved', 'Some fields need attention.', fieldErrors) },
);

/** The board: a card dropped on another column, or moved there with its 'Move to' menu. */
export const moveLeadAction = adminAction(
  leadMoveSchema,
  async ({ id, status, lostReason }, context) => {
    const saved = await save(id, { status, lostReason }, context);
    if (!saved) return GONE;
    return succeed({ title: '✅ Lead Moved', data: { status } });
  },
  {
    permission: 'leads',
    invalid: (fieldErrors) =>
      fail('❌ Lead Not Moved', fieldErrors.lostReason ?? 'Choose one of the listed statuses.', fieldErrors),
  },
);

export const retryNotificationAction = adminAction(
  byId,
  async ({ id }, { db, log }) => {
    const retried = await db.transaction().execute(async (trx) => {
      const made = await retryNotification(trx, id);
      if (made) await log({ action: 'notification_retried', target: id }, trx);
      return made;
    });
    if (!retried) return fail('❌ Nothing To Retry', 'This notification is not waiting or failing, or is being sent right now.');
    wakeOutbox();
    return detail(db, id, { title: '📨 Retrying Now', message: 'The notification is being sent again.' });
  },
  { permission: 'leads' },
);

export const notSpamAction = adminAction(
  byId,
  async ({ id }, { db, log, account }) => {
    const result = await markNotSpam(db, id, new Date(), actorOf(account));
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

/** One action from a "Possible bot" (or any lead) to the spam folder, its unsent alerts held. */
export const moveToSpamAction = adminAction(
  byId,
  async ({ id }, context) => {
    if (!(await save(id, { status: 'spam' }, context))) return GONE;
    return detail(context.db, id, { title: '🗑️ Moved To Spam', message: 'The lead is in the spam folder.' });
  },
  { permission: 'leads' },
);

/** 'Not a bot': the owner takes the "Possible bot" marker off a lead. */
export const notBotAction = adminAction(
  byId,
  async ({ id }, { db, log }) => {
    if (await clearPossibleBot(db, id)) await log({ action: 'lead_not_bot', target: id });
    return detail(db, id, { title: '✅ Not A Bot', message: 'The “Possible bot” marker is off.' });
  },
  { permission: 'leads' },
);

/** The Leads page's notice of the leads brought back from spam (migration 0014), read and put away. */
export const dismissMovedBackAction = adminAction(
  z.object({}),
  async (_input, { db }) => {
    await dismissMovedBack(db);
    return succeed({ title: 'Notice dismissed' });
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

'use server';

import { fieldErrorsOf, INVALID_REQUEST, SIGNED_OUT, type AdminResult } from '../../admin/result';
import { getAdminSession } from '../../auth/session.server';
import { getDb } from '../../db/index.server';
import { logger } from '../../log.server';
import { leadSummary, type LeadSummary } from '../../notifications/messages';
import { wakeOutbox } from '../../notifications/process-worker.server';
import { getLead, listNotificationAttempts } from '../queries.server';
import type { Lead } from '../types';
import { leadFilterSchema, leadIdSchema, leadUpdateSchema } from './filter';
import { deleteLead, markNotSpam, retryNotification, updateLead } from './mutations.server';
import { searchLeads, type LeadPage } from './queries.server';

/** The Leads tab's Server Actions: each checks the session, validates, then reads or writes. */

export interface LeadDetail {
  lead: Lead;
  summary: LeadSummary;
  attempts: { attemptedAt: string; transport: string; ok: boolean; error: string | null }[];
}

const GONE = { ok: false, title: '❌ Lead Not Found', error: 'This lead was deleted elsewhere.' } as const;

async function detail(id: string): Promise<LeadDetail | null> {
  const db = await getDb();
  const lead = await getLead(db, id);
  if (!lead) return null;
  return { lead, summary: leadSummary(lead.kind, lead.fields), attempts: await listNotificationAttempts(db, id) };
}

export async function searchLeadsAction(filter: unknown): Promise<AdminResult<LeadPage>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsed = leadFilterSchema.safeParse(filter);
  if (!parsed.success) {
    return {
      ok: false,
      title: '❌ Filter Not Applied',
      error: 'Some filters need attention.',
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    };
  }
  return { ok: true, title: 'Leads', data: await searchLeads(await getDb(), parsed.data) };
}

export async function leadDetailAction(id: unknown): Promise<AdminResult<LeadDetail>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsed = leadIdSchema.safeParse(id);
  if (!parsed.success) return INVALID_REQUEST;
  const data = await detail(parsed.data);
  return data ? { ok: true, title: 'Lead', data } : GONE;
}

export async function updateLeadAction(id: unknown, input: unknown): Promise<AdminResult<LeadDetail>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsedId = leadIdSchema.safeParse(id);
  const parsed = leadUpdateSchema.safeParse(input);
  if (!parsedId.success) return INVALID_REQUEST;
  if (!parsed.success) {
    return {
      ok: false,
      title: '❌ Lead Not Saved',
      error: 'Some fields need attention.',
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    };
  }
  const saved = await updateLead(await getDb(), parsedId.data, parsed.data);
  if (!saved) return GONE;
  if (saved.queued) wakeOutbox();
  const data = await detail(parsedId.data);
  return data ? { ok: true, title: '✅ Lead Saved', data } : GONE;
}

export async function retryNotificationAction(id: unknown): Promise<AdminResult<LeadDetail>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsed = leadIdSchema.safeParse(id);
  if (!parsed.success) return INVALID_REQUEST;
  if (!(await retryNotification(await getDb(), parsed.data))) {
    return { ok: false, title: '❌ Nothing To Retry', error: 'This notification is not waiting or failing.' };
  }
  wakeOutbox();
  const data = await detail(parsed.data);
  return data ? { ok: true, title: '📨 Retrying Now', message: 'The notification is being sent again.', data } : GONE;
}

export async function notSpamAction(id: unknown): Promise<AdminResult<LeadDetail>> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsed = leadIdSchema.safeParse(id);
  if (!parsed.success) return INVALID_REQUEST;
  const result = await markNotSpam(await getDb(), parsed.data);
  if (result === 'not-found') return GONE;
  wakeOutbox();
  const data = await detail(parsed.data);
  return data
    ? { ok: true, title: '✅ Not Spam', message: 'The lead is back in the list and its notification is on its way.', data }
    : GONE;
}

export async function deleteLeadAction(id: unknown): Promise<AdminResult> {
  if (!(await getAdminSession())) return SIGNED_OUT;
  const parsed = leadIdSchema.safeParse(id);
  if (!parsed.success) return INVALID_REQUEST;
  if (!(await deleteLead(await getDb(), parsed.data))) return GONE;
  logger.info({ event: 'admin.lead_deleted', lead: parsed.data }, 'Lead deleted');
  return { ok: true, title: '🗑️ Lead Deleted', message: 'The lead and its notification history were removed.' };
}

'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminAction, adminFormAction } from '../../admin/action.server';
import { fail, succeed, type ActionFailure, type ActionResult } from '../../admin/result';
import { wakeOutbox } from '../../notifications/process-worker.server';
import { effectiveSiteUrl } from '../../settings/effective.server';
import { serverSources } from '../../settings/sources.server';
import { sendBuilderLink, updateBuilder } from '../builder.server';
import { LoanFileError } from '../errors';
import { openLoanFile } from '../files.server';
import { acceptItem, addItem, rejectItem } from '../items.server';
import { setMilestone } from '../milestone-changes.server';
import { milestoneLabel } from '../milestones';
import { builderSchema, expiresOnSchema, itemInputSchema, milestoneSchema, rejectReasonSchema } from '../schemas';

/**
 * The admin's loan file actions (issue 30): opening a file from a lead, the builder and their
 * link, the needs list's review and the milestone. Each is in the activity log by ids only: the
 * broker's words about a customer (a rejection's reason, an item's name) stay out of it. The
 * domain owns its transactions, so an entry is written once its change is committed; a refusal
 * (LoanFileError) changed nothing and becomes the toast's message.
 */

const id = z.string().min(1).max(32);

/** The address the e-mailed links are built on: SITE_URL, else the admin's Settings. */
const siteUrlOf = (db: Parameters<typeof effectiveSiteUrl>[0]) => effectiveSiteUrl(db, serverSources());

/** The first field's message, for the toast of a form the schema refused. */
const invalidAs =
  (title: string) =>
  (fieldErrors: Record<string, string>): ActionFailure =>
    fail(title, Object.values(fieldErrors)[0] ?? 'Some fields need attention.', fieldErrors);

/** Runs a domain write; its refusal is the action's failure, with the domain's message. */
async function refusedAs<T>(title: string, write: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof LoanFileError) return fail(title, error.message);
    throw error;
  }
}

/** The lead dialog's 'Open loan file': the new (or existing) file's id. */
export const openLoanFileAction = adminAction(
  z.object({ leadId: id }),
  async ({ leadId }, { db, log, account }) =>
    refusedAs('❌ Loan File Not Opened', async () => {
      const { file, created } = await openLoanFile(db, leadId, { by: account.id });
      if (created) await log({ action: 'loan_file_opened', target: file.id, detail: { lead: leadId } });
      return succeed({
        title: created ? '✅ Loan File Opened' : 'Loan File',
        message: created ? `Its needs list has ${file.items.length} documents.` : 'This lead already has a loan file.',
        data: { fileId: file.id },
      });
    }),
  { permission: 'leads' },
);

const BUILDER_NOT_SAVED = '❌ Builder Not Saved';

export const updateBuilderAction = adminFormAction(
  builderSchema.extend({ fileId: id }),
  async ({ fileId, name, email, license }, { db, log }) =>
    refusedAs(BUILDER_NOT_SAVED, async () => {
      // The schema's output says "unknown" with null; the write takes the form's text and parses it again.
      await updateBuilder(db, fileId, { name: name ?? '', email: email ?? '', license: license ?? '' });
      await log({ action: 'loan_file_builder_changed', target: fileId });
      refresh();
      return succeed({ title: '✅ Builder Saved' });
    }),
  { permission: 'leads', invalid: invalidAs(BUILDER_NOT_SAVED) },
);

export const sendBuilderLinkAction = adminFormAction(
  z.object({ fileId: id }),
  async ({ fileId }, { db, log }) =>
    refusedAs('❌ Link Not Sent', async () => {
      const { sentTo } = await sendBuilderLink(db, fileId, { siteUrl: await siteUrlOf(db) });
      await log({ action: 'loan_file_builder_link_sent', target: fileId });
      wakeOutbox();
      refresh();
      return succeed({
        title: '📨 Builder Link Sent',
        message: `A new link is on its way to ${sentTo}; any link sent before no longer works.`,
      });
    }),
  { permission: 'leads' },
);

const ITEM_NOT_ADDED = '❌ Item Not Added';

export const addItemAction = adminFormAction(
  itemInputSchema.extend({ fileId: id }),
  async ({ fileId, ...input }, { db, log }) =>
    refusedAs(ITEM_NOT_ADDED, async () => {
      const item = await addItem(db, fileId, input);
      await log({ action: 'loan_file_item_added', target: item.id, detail: { file: fileId, owedBy: item.owedBy } });
      refresh();
      return succeed({ title: '✅ Item Added', message: `It is requested from the ${item.owedBy}.` });
    }),
  { permission: 'leads', invalid: invalidAs(ITEM_NOT_ADDED) },
);

const NOT_ACCEPTED = '❌ Not Accepted';

/** A form's empty date field sends ''; only a date given is passed on. */
const expiresOnField = z.union([z.literal(''), expiresOnSchema]).optional();

export const acceptItemAction = adminFormAction(
  z.object({ itemId: id, expiresOn: expiresOnField }),
  async ({ itemId, expiresOn }, { db, log, account }) =>
    refusedAs(NOT_ACCEPTED, async () => {
      const item = await acceptItem(db, itemId, account.id, { expiresOn: expiresOn || undefined });
      await log({ action: 'loan_file_item_accepted', target: item.id, detail: { file: item.fileId } });
      refresh();
      return succeed({ title: '✅ Accepted', message: `${item.label} is accepted.` });
    }),
  { permission: 'leads', invalid: invalidAs(NOT_ACCEPTED) },
);

const NOT_REJECTED = '❌ Not Rejected';

export const rejectItemAction = adminFormAction(
  z.object({ itemId: id, reason: rejectReasonSchema }),
  async ({ itemId, reason }, { db, log, account }) =>
    refusedAs(NOT_REJECTED, async () => {
      const { item, notified } = await rejectItem(db, itemId, reason, { siteUrl: await siteUrlOf(db), by: account.id });
      // That a reason was given, never its text: the broker's words about a customer.
      await log({
        action: 'loan_file_item_rejected',
        target: item.id,
        detail: { file: item.fileId, reason: true, notified: notified ?? 'nobody' },
      });
      if (notified) wakeOutbox();
      refresh();
      return succeed({
        title: '✅ Rejected',
        message: notified
          ? `The ${notified} is told by e-mail why, and can send it again.`
          : 'The builder has no e-mail address on this file: tell them yourself, or enter it and send the builder link.',
      });
    }),
  { permission: 'leads', invalid: invalidAs(NOT_REJECTED) },
);

const MILESTONE_NOT_CHANGED = '❌ Milestone Not Changed';

export const setMilestoneAction = adminFormAction(
  z.object({
    fileId: id,
    milestone: milestoneSchema,
    // A checkbox sends 'on' when ticked and nothing when not.
    notify: z
      .literal('on')
      .optional()
      .transform((value) => value === 'on'),
  }),
  async ({ fileId, milestone, notify }, { db, log, account }) =>
    refusedAs(MILESTONE_NOT_CHANGED, async () => {
      const set = await setMilestone(db, fileId, milestone, { by: account.id, notify, siteUrl: await siteUrlOf(db) });
      if (!set.changed)
        return succeed({ title: 'No Change', message: 'The file is at that milestone already; nothing was sent.' });
      await log({ action: 'loan_file_milestone_changed', target: fileId, detail: { to: milestone, notified: set.notified } });
      if (set.notified) wakeOutbox();
      refresh();
      return succeed({
        title: '✅ Milestone Set',
        message: `${milestoneLabel(milestone)}${set.notified ? ': the borrower is told by e-mail.' : '.'}`,
      });
    }),
  { permission: 'leads', invalid: invalidAs(MILESTONE_NOT_CHANGED) },
);

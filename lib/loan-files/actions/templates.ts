'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminFormAction } from '../../admin/action.server';
import type { AdminContext } from '../../admin/context';
import { fail, succeed } from '../../admin/result';
import { changedCount, NO_OVERRIDES, templatesFormSchema, type TemplateOverrides } from '../template-overrides';
import { saveTemplateOverrides } from '../template-overrides.server';

/**
 * Loan Files › 'Needs list and milestones' (owner only, like the other settings of what the
 * business sends out): the templates' labels and notes, which are asked for, and the stages'
 * names. Logged with how many differ from the code's before and after; the wording itself is
 * the owner's, not a customer's, but a count keeps the log short.
 */

/** Saves and logs in one transaction; a save that changes nothing is not logged. */
async function save(overrides: TemplateOverrides, { db, log }: AdminContext): Promise<void> {
  return db.transaction().execute(async (trx) => {
    const before = await saveTemplateOverrides(trx, overrides);
    if (JSON.stringify(before) !== JSON.stringify(overrides))
      await log(
        {
          action: 'loan_file_templates_changed',
          target: 'loan_file_templates',
          detail: { old: changedCount(before), new: changedCount(overrides) },
        },
        trx,
      );
  });
}

export const saveTemplatesAction = adminFormAction(
  templatesFormSchema,
  async (overrides, context) => {
    await save(overrides, context);
    refresh();
    return succeed({
      title: '✅ Templates Saved',
      message: 'Files opened from now on use these. Files already open keep their documents as they were asked for.',
    });
  },
  {
    permission: 'security',
    invalid: (fieldErrors) => fail('❌ Not Saved', 'Check the fields marked below.', fieldErrors),
  },
);

export const restoreTemplateDefaultsAction = adminFormAction(
  z.object({}),
  async (_fields, context) => {
    await save(NO_OVERRIDES, context);
    refresh();
    return succeed({
      title: '✅ Defaults Restored',
      message: 'The needs list and the milestones are named as they were at first.',
    });
  },
  { permission: 'security' },
);

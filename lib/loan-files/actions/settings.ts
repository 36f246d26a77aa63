'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { adminFormAction } from '../../admin/action.server';
import { succeed } from '../../admin/result';
import { saveOpensFileOnApplication } from '../open-on-application.server';

/**
 * Loan Files › 'Open a loan file for every new application' (owner only, logged). A checkbox:
 * present ('on') when ticked, absent when not.
 */
export const saveOpenOnApplicationAction = adminFormAction(
  z.object({ openOnApplication: z.literal('on').optional() }),
  async ({ openOnApplication }, { db, log }) => {
    const on = openOnApplication === 'on';
    await db.transaction().execute(async (trx) => {
      const before = await saveOpensFileOnApplication(trx, on);
      if (before !== on)
        await log({ action: 'loan_file_settings_changed', detail: { setting: 'open_on_application', value: on } }, trx);
    });
    refresh();
    return succeed({
      title: '✅ Settings Saved',
      message: on ? 'Every new application now opens its loan file at once.' : 'Loan files are now opened from a lead by hand.',
    });
  },
  { permission: 'security' },
);

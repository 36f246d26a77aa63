'use server';

import { refresh } from 'next/cache';
import { adminAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { retentionSettingsSchema } from '../settings';
import { saveRetentionSettings } from '../settings.server';

/** Security › 'Data retention' (owner only): 'Keep leads for' N months after their last activity. */
export const saveRetentionSettingsAction = adminAction(
  retentionSettingsSchema,
  async (settings, { db, log }) => {
    await db.transaction().execute(async (trx) => {
      const before = await saveRetentionSettings(trx, settings);
      if (before.leadMonths !== settings.leadMonths)
        await log(
          {
            action: 'settings_changed',
            target: 'lead_retention_months',
            detail: { old: before.leadMonths, new: settings.leadMonths },
          },
          trx,
        );
    });
    refresh();
    return succeed({
      title: '✅ Retention Saved',
      message: `Leads are kept ${settings.leadMonths} ${settings.leadMonths === 1 ? 'month' : 'months'} after their last activity.`,
    });
  },
  {
    permission: 'security',
    stepUp: true,
    invalid: (fieldErrors) => fail('❌ Not Saved', fieldErrors.leadMonths ?? 'Enter a number of months.', fieldErrors),
  },
);

'use server';

import { refresh } from 'next/cache';
import { adminFormAction } from '../../admin/action.server';
import { fail, succeed } from '../../admin/result';
import { reminderSettingsSchema } from '../reminder-settings';
import { saveReminderSettings } from '../reminder-settings.server';

/**
 * Loan Files › 'Reminders' (owner only, like the other settings of what leaves the business by
 * itself): remind outstanding items every N days, 0 for never. Logged with the old and new value.
 */
export const saveReminderSettingsAction = adminFormAction(
  reminderSettingsSchema,
  async (settings, { db, log }) => {
    await db.transaction().execute(async (trx) => {
      const before = await saveReminderSettings(trx, settings);
      if (before.reminderDays !== settings.reminderDays)
        await log(
          {
            action: 'loan_file_reminders_changed',
            target: 'loan_file_reminder_days',
            detail: { old: before.reminderDays, new: settings.reminderDays },
          },
          trx,
        );
    });
    refresh();
    const days = settings.reminderDays;
    return succeed({
      title: '✅ Reminders Saved',
      message:
        days === 0
          ? 'Outstanding documents are no longer reminded.'
          : `Outstanding documents are reminded every ${days === 1 ? 'day' : `${days} days`}.`,
    });
  },
  {
    permission: 'security',
    invalid: (fieldErrors) => fail('❌ Not Saved', fieldErrors.reminderDays ?? 'Enter a number of days.', fieldErrors),
  },
);

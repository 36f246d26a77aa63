import { z } from 'zod';

/**
 * The owner's one setting for the reminders of outstanding items (issue 30, point 8): every how
 * many days, the same for every file; 0 turns them off. Shared by the form and its action.
 */

export const DEFAULT_REMINDER_DAYS = 3;
export const MAX_REMINDER_DAYS = 30;

const daysError = `Enter a whole number of days from 0 (off) to ${MAX_REMINDER_DAYS}.`;

export const reminderSettingsSchema = z.object({
  reminderDays: z.coerce
    .number({ error: daysError })
    .int({ error: daysError })
    .min(0, { error: daysError })
    .max(MAX_REMINDER_DAYS, { error: daysError }),
});

export type ReminderSettings = z.output<typeof reminderSettingsSchema>;
